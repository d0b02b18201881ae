// @ts-check
/**
 * `npm run wrangler -- <args>`: Cloudflare's wrangler at the version the deploy workflow uses, on the project's Node.
 * wrangler 4 needs Node 22.12 or later, and scripts/launch.mjs gives every npm script that Node (fetching Node 24 when
 * the machine's is older), first on PATH for wrangler's own `#!/usr/bin/env node`. wrangler is not a dependency: it
 * brings Cloudflare's workerd runtime (about 100 MB) that nothing but a deploy needs, so npm fetches the pinned
 * version on first use and keeps it in its cache.
 */
import { spawn } from 'node:child_process';

/** Raise deliberately, after `npm view wrangler version`, here and nowhere else (deploy.yml runs this script). */
export const WRANGLER = 'wrangler@4.164.0';

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  console.error(`wrangler: needs Node 22.12 or later, this is ${process.version}; run it as npm run wrangler -- …`);
  process.exit(1);
}
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const child = spawn(npm, ['exec', '--yes', `--package=${WRANGLER}`, '--', 'wrangler', ...process.argv.slice(2)], {
  stdio: 'inherit',
});
child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 1)));
for (const s of /** @type {const} */ (['SIGINT', 'SIGTERM'])) process.on(s, () => child.kill(s));
