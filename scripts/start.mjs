// @ts-check
/**
 * `npm start`: the local Supabase stand-in, a first admin on first run, the publisher (builds on request through
 * the rebuild-site function, at scheduled posts' times and from `npm run publish`; the first build if there is
 * none) and the site server (redirects, trailing slash, caching, 404) for the live build on SITE_PORT. Ctrl-C
 * stops everything, children included.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createSiteServer } from '@boudha/publisher/site-server';
import { attachPublisher } from '@boudha/publisher/functions';
import { startStack } from '@boudha/local-supabase/stack';
import { upsertStaffUser } from './lib/staff.mjs';
import { outboxDir } from '@boudha/local-supabase/outbox';
import { STACK_ENV } from '@boudha/local-supabase/env';
import { PUBLISHER_ENV } from '@boudha/publisher/env';
import { parseEnv } from '../src/lib/env/schema.mjs';

// npm start runs the stack and the publisher: both environments are checked before anything starts, and every
// problem of either is named at once.
let env;
try {
  env = parseEnv('npm start', { ...STACK_ENV, ...PUBLISHER_ENV }, process.env);
} catch (err) {
  console.error(`start: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
}
const SITE_PORT = env.SITE_PORT;
const SITE_URL = env.SITE_URL ?? `http://localhost:${SITE_PORT}`;

/** @type {import('@boudha/local-supabase/stack').Stack | undefined} */
let stack;
/** @type {import('node:http').Server | undefined} */
let server;
/** @type {ReturnType<typeof attachPublisher> | undefined} */
let publisher;
let stopping = false;

async function shutdown(code = 0) {
  if (stopping) return;
  stopping = true;
  console.log('\nstopping…');
  await publisher?.stop();
  server?.closeAllConnections();
  await new Promise((r) => (server ? server.close(() => r(undefined)) : r(undefined)));
  await stack?.stop();
  process.exit(code);
}
for (const s of /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) process.on(s, () => shutdown(0));

/**
 * On the first run, creates an admin with a random password and keeps the login under DATA_DIR (mode 600).
 * @param {import('@boudha/local-supabase/stack').Stack} s
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

try {
  stack = await startStack();
  const admin = await firstAdmin(stack);
  publisher = attachPublisher(stack, {
    dataDir: stack.config.dataDir,
    siteUrl: SITE_URL,
    log: (line) => console.log(line),
  });
  await publisher.start();
  const p = publisher;
  server = createSiteServer({ root: () => p.live() });
  await new Promise((resolve, reject) => {
    server?.once('error', reject);
    server?.listen(SITE_PORT, '127.0.0.1', () => resolve(undefined));
  });
  if (!publisher.liveDir()) {
    console.log('first build of the site…');
    const { done } = await publisher.request({ trigger: 'startup' });
    await done;
    if (!publisher.liveDir()) throw new Error('the first build failed; its error is above and in site_builds');
  } else {
    // The live build may predate this checkout's code (a pull, an edit): serve it, and rebuild once in the
    // background so the site matches the code and the database within seconds.
    void publisher.request({ trigger: 'startup' });
  }
  console.log(`
  Site:   http://localhost:${SITE_PORT}/
  Admin:  http://localhost:${SITE_PORT}/admin/
  API:    ${stack.env.PUBLIC_SUPABASE_URL} (settings in ${stack.config.envFile})
  Admin login: ${admin.email} / ${admin.created ? admin.password : `(password in ${admin.file})`}
  Contact messages are emailed to the hotel as .eml files in ${outboxDir(stack.config.dataDir)}/
  Publish from a shell: npm run publish. Press Ctrl-C to stop.
`);
} catch (err) {
  console.error(`start: ${err instanceof Error ? err.message : err}`);
  await shutdown(1);
}
