// @ts-check
/** Paths, ports and per-data-dir secrets of the local Supabase stand-in. */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile, chmod } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SignJWT } from 'jose';
import { stackEnvironment } from './env.mjs';

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * @typedef {object} StackOptions
 * @property {string} [dataDir] Where Postgres data, stored files and secrets live (default DATA_DIR or .data).
 * @property {number} [apiPort] Gateway port (default LOCAL_SUPABASE_PORT or 54321).
 * @property {number} [dbPort] Postgres port (default LOCAL_DB_PORT or 54322).
 * @property {boolean} [quiet] Print nothing but errors.
 */

/**
 * Resolves the stack's settings from options, then environment, then defaults.
 * @param {StackOptions} [options]
 */
export function resolveConfig(options = {}) {
  // Every variable of the stack is checked here, the first thing any of its commands does (env.mjs).
  const env = stackEnvironment();
  const dataDir = path.resolve(PROJECT_ROOT, options.dataDir ?? env.DATA_DIR);
  const apiPort = Number(options.apiPort ?? env.LOCAL_SUPABASE_PORT);
  const dbPort = Number(options.dbPort ?? env.LOCAL_DB_PORT);
  /** @type {Array<[string, number]>} */
  const ports = [
    ['LOCAL_SUPABASE_PORT', apiPort],
    ['LOCAL_DB_PORT', dbPort],
  ];
  for (const [name, port] of ports) {
    if (!Number.isInteger(port) || port < 1 || port > 65535) {
      throw new Error(`${name} must be a port number, got ${port}`);
    }
  }
  return {
    dataDir,
    pgDir: path.join(dataDir, 'postgres'),
    storageDir: path.join(dataDir, 'storage'),
    secretsFile: path.join(dataDir, 'secrets.json'),
    envFile: path.join(dataDir, 'stack.env'),
    pidFile: path.join(dataDir, 'stack.pids.json'),
    apiPort,
    dbPort,
    apiUrl: `http://127.0.0.1:${apiPort}`,
    quiet: Boolean(options.quiet),
  };
}

/** @typedef {ReturnType<typeof resolveConfig>} StackConfig */

/**
 * @typedef {object} Secrets
 * @property {string} jwtSecret
 * @property {string} dbPassword Password of the postgres superuser.
 * @property {string} authenticatorPassword Password PostgREST logs in with.
 * @property {string} anonKey Legacy JWT API key of the anon role.
 * @property {string} serviceRoleKey Legacy JWT API key of the service role.
 * @property {string} publishableKey New-style API key (`sb_publishable_…`) standing for the anon role.
 * @property {string} secretKey New-style API key (`sb_secret_…`) standing for the service role.
 */

/**
 * Supabase's new API keys: opaque strings, not JWTs, that its gateway swaps for a short-lived JWT of the role
 * they stand for. Both kinds work side by side, as on a hosted project.
 */
const newApiKeys = () => ({
  publishableKey: `sb_publishable_${randomBytes(24).toString('base64url')}`,
  secretKey: `sb_secret_${randomBytes(32).toString('base64url')}`,
});

/**
 * Reads the data dir's secrets, making them on first use (random JWT secret and passwords, long-lived keys
 * signed like Supabase's CLI does). The file is readable by its owner only.
 * @param {StackConfig} config
 * @returns {Promise<Secrets>}
 */
export async function loadSecrets(config) {
  if (existsSync(config.secretsFile)) {
    /** @type {Secrets} */
    const stored = JSON.parse(await readFile(config.secretsFile, 'utf8'));
    if (stored.publishableKey && stored.secretKey) return stored;
    // A data dir made before the new API keys existed gets them now, once.
    const upgraded = { ...stored, ...newApiKeys() };
    await writeFile(config.secretsFile, JSON.stringify(upgraded, null, 2) + '\n', { mode: 0o600 });
    return upgraded;
  }
  await mkdir(config.dataDir, { recursive: true });
  const jwtSecret = randomBytes(32).toString('base64url');
  const key = new TextEncoder().encode(jwtSecret);
  const sign = (/** @type {string} */ role) =>
    new SignJWT({ role, iss: 'supabase-local', ref: 'local' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt()
      .setExpirationTime('10y')
      .sign(key);
  /** @type {Secrets} */
  const secrets = {
    jwtSecret,
    dbPassword: randomBytes(18).toString('base64url'),
    authenticatorPassword: randomBytes(18).toString('base64url'),
    anonKey: await sign('anon'),
    serviceRoleKey: await sign('service_role'),
    ...newApiKeys(),
  };
  await writeFile(config.secretsFile, JSON.stringify(secrets, null, 2) + '\n', { mode: 0o600 });
  await chmod(config.secretsFile, 0o600);
  return secrets;
}

/**
 * The KEY=value lines of .data/stack.env: what builds, scripts and tests need to reach the stack.
 * @param {StackConfig} config
 * @param {Secrets} secrets
 */
export function stackEnv(config, secrets) {
  return {
    PUBLIC_SUPABASE_URL: config.apiUrl,
    PUBLIC_SUPABASE_ANON_KEY: secrets.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: secrets.serviceRoleKey,
    SUPABASE_PUBLISHABLE_KEY: secrets.publishableKey,
    SUPABASE_SECRET_KEY: secrets.secretKey,
    SUPABASE_JWT_SECRET: secrets.jwtSecret,
    DATABASE_URL: `postgresql://postgres:${encodeURIComponent(secrets.dbPassword)}@127.0.0.1:${config.dbPort}/postgres`,
    LOCAL_SUPABASE_PORT: String(config.apiPort),
    LOCAL_DB_PORT: String(config.dbPort),
    DATA_DIR: config.dataDir,
  };
}

/**
 * @param {StackConfig} config
 * @param {Record<string, string>} env
 */
export async function writeStackEnv(config, env) {
  const body =
    Object.entries(env)
      .map(([k, v]) => `${k}=${v}`)
      .join('\n') + '\n';
  await writeFile(config.envFile, body, { mode: 0o600 });
}

/**
 * Reads a KEY=value file such as .data/stack.env; missing file gives {}.
 * @param {string} file
 * @returns {Promise<Record<string, string>>}
 */
export async function readEnvFile(file) {
  if (!existsSync(file)) return {};
  /** @type {Record<string, string>} */
  const out = {};
  for (const line of (await readFile(file, 'utf8')).split('\n')) {
    const m = /^\s*([A-Z0-9_]+)\s*=\s*(.*)\s*$/.exec(line);
    if (m) out[m[1]] = m[2].trim();
  }
  return out;
}
