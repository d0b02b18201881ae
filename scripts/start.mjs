// @ts-check
/**
 * `npm start`: the local Supabase stand-in, a first admin on first run, a build of the site from it, and the
 * site server (redirects, trailing slash, caching, 404) for the build on SITE_PORT. Ctrl-C stops everything,
 * children included.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createSiteServer } from './publisher/site-server.mjs';
import { startStack } from './local-supabase/stack.mjs';
import { PROJECT_ROOT } from './local-supabase/config.mjs';
import { upsertStaffUser } from './lib/staff.mjs';

const SITE_PORT = Number(process.env.SITE_PORT ?? 4321);
const SITE_URL = process.env.SITE_URL ?? `http://localhost:${SITE_PORT}`;

/** @type {import('./local-supabase/stack.mjs').Stack | undefined} */
let stack;
/** @type {import('node:http').Server | undefined} */
let server;
let stopping = false;

async function shutdown(code = 0) {
  if (stopping) return;
  stopping = true;
  console.log('\nstopping…');
  server?.closeAllConnections();
  await new Promise((r) => (server ? server.close(() => r(undefined)) : r(undefined)));
  await stack?.stop();
  process.exit(code);
}
for (const s of /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) process.on(s, () => shutdown(0));

/**
 * On the first run, creates an admin with a random password and keeps the login under DATA_DIR (mode 600).
 * @param {import('./local-supabase/stack.mjs').Stack} s
 */
async function firstAdmin(s) {
  const file = path.join(s.config.dataDir, 'admin-login.json');
  if (existsSync(file)) return { ...JSON.parse(await readFile(file, 'utf8')), file, created: false };
  const login = { email: 'admin@boudhamandala.example', password: randomBytes(12).toString('base64url') };
  await upsertStaffUser({
    url: s.env.PUBLIC_SUPABASE_URL,
    serviceRoleKey: s.env.SUPABASE_SERVICE_ROLE_KEY,
    ...login,
    role: 'admin',
    username: 'admin',
    fullName: 'Hotel Admin',
  });
  await writeFile(file, JSON.stringify(login, null, 2) + '\n', { mode: 0o600 });
  return { ...login, file, created: true };
}

/** @param {Record<string, string>} env */
function build(env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(PROJECT_ROOT, 'scripts/build.mjs')], {
      cwd: PROJECT_ROOT,
      stdio: 'inherit',
      env: { ...process.env, ...env, SITE_URL },
    });
    child.on('exit', (code) =>
      code === 0 ? resolve(undefined) : reject(new Error(`site build failed (exit ${code})`)),
    );
  });
}

try {
  stack = await startStack();
  const admin = await firstAdmin(stack);
  await build({
    PUBLIC_SUPABASE_URL: stack.env.PUBLIC_SUPABASE_URL,
    PUBLIC_SUPABASE_ANON_KEY: stack.env.PUBLIC_SUPABASE_ANON_KEY,
  });
  const dist = path.join(PROJECT_ROOT, 'dist');
  server = createSiteServer({ root: () => dist });
  await new Promise((resolve, reject) => {
    server?.once('error', reject);
    server?.listen(SITE_PORT, '127.0.0.1', () => resolve(undefined));
  });
  console.log(`
  Site:   http://localhost:${SITE_PORT}/
  API:    ${stack.env.PUBLIC_SUPABASE_URL} (settings in ${stack.config.envFile})
  Admin login: ${admin.email} / ${admin.created ? admin.password : `(password in ${admin.file})`}
  Press Ctrl-C to stop.
`);
} catch (err) {
  console.error(`start: ${err instanceof Error ? err.message : err}`);
  await shutdown(1);
}
