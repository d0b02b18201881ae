// @ts-check
/**
 * Starts the whole local Supabase stand-in: embedded PostgreSQL, migrations and seed, PostgREST, the gateway.
 * Used by `npm run stack`, `npm start` and the integration tests (each with its own ports and data dir).
 */
import { mkdir, rm } from 'node:fs/promises';
import { resolveConfig, loadSecrets, stackEnv, writeStackEnv } from './config.mjs';
import { startPostgres, createPool, portInUse } from './postgres.mjs';
import { migrate } from './migrate.mjs';
import { startPostgrest } from './postgrest.mjs';
import { createGateway } from './gateway/index.mjs';
import { reclaimDataDir, recordPids } from './processes.mjs';
import { registerGuestFunctions } from './guest-functions.mjs';
import { readProjectConfig } from './project-config.mjs';

/**
 * @typedef {Awaited<ReturnType<typeof startStack>>} Stack
 */

/**
 * `allowSignup` overrides supabase/config.toml's auth.enable_signup (the tests of the sign-up call turn it on);
 * everything else the stand-in emulates comes from that file, as on the hosted project.
 * @param {import('./config.mjs').StackOptions & { seed?: boolean, allowSignup?: boolean, onRequest?: (method: string, path: string) => void, limits?: Partial<import('./gateway/limits.mjs').GatewayLimits> }} [options]
 */
export async function startStack(options = {}) {
  const started = Date.now();
  const config = resolveConfig(options);
  const log = (/** @type {string} */ msg) => {
    if (!config.quiet) console.log(`[local-supabase] ${msg}`);
  };
  /** @type {Array<() => Promise<unknown>>} */
  const stops = [];
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    for (const fn of stops.reverse())
      await fn().catch((err) => console.error(`[local-supabase] stop: ${err?.message ?? err}`));
  };

  try {
    await mkdir(config.dataDir, { recursive: true });
    await reclaimDataDir(config.pidFile, config.pgDir);
    stops.push(() => rm(config.pidFile, { force: true }));
    const project = readProjectConfig();
    const secrets = await loadSecrets(config);
    if (await portInUse(config.apiPort)) {
      throw new Error(
        `Port ${config.apiPort} (LOCAL_SUPABASE_PORT) is already in use. Stop what holds it, or choose another port.`,
      );
    }

    const pg = await startPostgres({
      pgDir: config.pgDir,
      port: config.dbPort,
      password: secrets.dbPassword,
      major: project.db.major,
      notice: log,
    });
    stops.push(() => pg.stop());
    await recordPids(config.pidFile, { owner: process.pid, postgres: pg.pid });
    log(
      `PostgreSQL ${project.db.major} ready on 127.0.0.1:${config.dbPort} (${pg.fresh ? 'new' : 'existing'} data dir ${config.pgDir})`,
    );

    const pool = createPool(pg.url, 20);
    stops.push(() => pool.end());
    const { applied, seeded } = await migrate(pool, {
      databaseUrl: pg.url,
      authenticatorPassword: secrets.authenticatorPassword,
      seed: options.seed ?? true,
      log,
    });
    if (!applied.length && !seeded) log('database schema up to date');

    const postgrest = await startPostgrest({
      dbPort: config.dbPort,
      authenticatorPassword: secrets.authenticatorPassword,
      jwtSecret: secrets.jwtSecret,
      maxRows: project.api.maxRows,
      log: (line) => log(`postgrest: ${line}`),
    });
    stops.push(() => postgrest.stop());
    await recordPids(config.pidFile, {
      owner: process.pid,
      postgres: pg.pid,
      postgrest: postgrest.pid,
      postgrestUrl: postgrest.url,
    });

    /** @type {Map<string, import('./gateway/functions.mjs').FunctionHandler>} */
    const functions = new Map();
    // The guest-message functions (D22) belong to the project, not to the publisher: every stack answers them.
    registerGuestFunctions(functions, {
      apiUrl: config.apiUrl,
      serviceRoleKey: secrets.serviceRoleKey,
      dataDir: config.dataDir,
      log,
    });
    const gateway = createGateway({
      pool,
      jwtSecret: secrets.jwtSecret,
      anonKey: secrets.anonKey,
      serviceRoleKey: secrets.serviceRoleKey,
      publishableKey: secrets.publishableKey,
      secretKey: secrets.secretKey,
      apiUrl: config.apiUrl,
      storageDir: config.storageDir,
      postgrestUrl: () => postgrest.url,
      functions,
      auth: {
        allowSignup: options.allowSignup ?? project.auth.enableSignup,
        emailEnabled: project.auth.emailEnabled,
        jwtExpiry: project.auth.jwtExpiry,
      },
      maxUpload: project.storage.fileSizeLimit,
      limits: options.limits,
      // config.toml's sign-in limit, below the caller's and the environment's.
      limitDefaults: { signInsPerIp: project.auth.signInsPerIp },
      onRequest: options.onRequest,
    });
    await new Promise((resolve, reject) => {
      gateway.once('error', reject);
      gateway.listen(config.apiPort, '127.0.0.1', () => resolve(undefined));
    });
    stops.push(
      () =>
        new Promise((resolve) => {
          gateway.close(() => resolve(undefined));
          gateway.closeAllConnections();
        }),
    );

    const env = stackEnv(config, secrets);
    await writeStackEnv(config, env);
    const readyMs = Date.now() - started;
    log(`API ready on ${config.apiUrl} in ${(readyMs / 1000).toFixed(1)} s`);
    return { config, secrets, env, pool, functions, readyMs, fresh: pg.fresh, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/**
 * Empties a data dir for a fresh stack (tests, benchmarks), first stopping a Postgres or PostgREST a crashed run
 * left on it: deleting the folder under a live postmaster would leave its port taken.
 * @param {string} dataDir
 */
export async function resetDataDir(dataDir) {
  const { reclaimDataDir } = await import('./processes.mjs');
  const { rm } = await import('node:fs/promises');
  const path = await import('node:path');
  await reclaimDataDir(path.join(dataDir, 'stack.pids.json'), path.join(dataDir, 'postgres')).catch(() => {});
  await rm(dataDir, { recursive: true, force: true });
}
