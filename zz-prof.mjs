// node zz-prof.mjs file.cpuprofile [t0ms t1ms]  : self time by package / file
import fs from 'node:fs';
const p = JSON.parse(fs.readFileSync(process.argv[2]));
const byId = new Map(p.nodes.map(n => [n.id, n]));
const t0 = Number(process.argv[3] ?? 0) * 1e6, t1 = Number(process.argv[4] ?? 1e12) * 1e6;
const self = new Map();
let t = p.startTime;
const total = new Map();
for (let i = 0; i < p.samples.length; i++) {
  t += p.timeDeltas[i];
  const rel = t - p.startTime;
  if (rel < t0 || rel > t1) continue;
  const n = byId.get(p.samples[i]);
  const u = n.callFrame.url || `(${n.callFrame.functionName})`;
  let key = u.replace(/^file:\/\//, '').replace('/work/main/', '');
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(key);
  key = m ? 'nm:' + m[1] : key.startsWith('node:') ? 'node-internal' : key.replace(/\?.*$/, '');
  self.set(key, (self.get(key) ?? 0) + p.timeDeltas[i]);
}
const arr = [...self].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOP ?? 30));
let sum = 0; for (const [, v] of self) sum += v;
console.log('total ms', (sum / 1000).toFixed(0));
for (const [k, v] of arr) console.log((v / 1000).toFixed(0).padStart(7), k);
