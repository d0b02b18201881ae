import fs from 'node:fs';
const p = JSON.parse(fs.readFileSync(process.argv[2]));
const byId = new Map(p.nodes.map(n => [n.id, n]));
const t0 = Number(process.argv[3] ?? 0) * 1e6, t1 = Number(process.argv[4] ?? 1e12) * 1e6;
const self = new Map(); let t = p.startTime, sum = 0;
for (let i = 0; i < p.samples.length; i++) {
  t += p.timeDeltas[i]; const rel = t - p.startTime;
  if (rel < t0 || rel > t1) continue;
  const n = byId.get(p.samples[i]);
  const u = (n.callFrame.url || '').replace(/^file:\/\//, '').replace('/work/main/', '').replace(/.*node_modules\//, '');
  const key = `${n.callFrame.functionName || '(anon)'} @ ${u}:${n.callFrame.lineNumber}`;
  self.set(key, (self.get(key) ?? 0) + p.timeDeltas[i]); sum += p.timeDeltas[i];
}
console.log('total ms', (sum / 1000).toFixed(0));
for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOP ?? 40))) console.log((v / 1000).toFixed(0).padStart(6), k);
