import { mkdtemp, writeFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readEnvFile, resolveConfig, stackEnv } from '../config.mjs';

describe('local stack configuration', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  it.each([
    [{}, 54321, 54322],
    [{ LOCAL_SUPABASE_PORT: '6000', LOCAL_DB_PORT: '6001' }, 6000, 6001],
  ])('takes ports from the environment %o', (env, api, db) => {
    delete process.env.LOCAL_SUPABASE_PORT;
    delete process.env.LOCAL_DB_PORT;
    Object.assign(process.env, env);
    const c = resolveConfig();
    expect([c.apiPort, c.dbPort, c.apiUrl]).toEqual([api, db, `http://127.0.0.1:${api}`]);
  });

  it('prefers explicit options over the environment', () => {
    process.env.LOCAL_SUPABASE_PORT = '6000';
    expect(resolveConfig({ apiPort: 7000 }).apiPort).toBe(7000);
  });

  it.each(['0', '70000', 'abc'])('refuses the port %s with a message naming the variable', (port) => {
    process.env.LOCAL_SUPABASE_PORT = port;
    expect(() => resolveConfig()).toThrow(/LOCAL_SUPABASE_PORT must be a port number/);
  });

  it('keeps data under DATA_DIR', () => {
    process.env.DATA_DIR = '/tmp/somewhere';
    const c = resolveConfig();
    expect([c.pgDir, c.envFile]).toEqual(['/tmp/somewhere/postgres', '/tmp/somewhere/stack.env']);
  });

  it('writes stack.env with the names the architecture promises', () => {
    const env = stackEnv(resolveConfig({ apiPort: 1234, dbPort: 1235 }), {
      jwtSecret: 's',
      dbPassword: 'p@ss word',
      authenticatorPassword: 'a',
      anonKey: 'anon',
      serviceRoleKey: 'service',
      publishableKey: 'sb_publishable_x',
      secretKey: 'sb_secret_y',
    });
    expect(env).toMatchObject({
      PUBLIC_SUPABASE_URL: 'http://127.0.0.1:1234',
      PUBLIC_SUPABASE_ANON_KEY: 'anon',
      SUPABASE_SERVICE_ROLE_KEY: 'service',
      SUPABASE_PUBLISHABLE_KEY: 'sb_publishable_x',
      SUPABASE_SECRET_KEY: 'sb_secret_y',
      DATABASE_URL: 'postgresql://postgres:p%40ss%20word@127.0.0.1:1235/postgres',
    });
  });

  describe('readEnvFile', () => {
    let dir = '';
    afterEach(() => rm(dir, { recursive: true, force: true }));

    it('reads KEY=value lines and ignores everything else', async () => {
      dir = await mkdtemp(path.join(tmpdir(), 'envfile-'));
      const file = path.join(dir, 'stack.env');
      await writeFile(file, '# comment\nA=1\n  B = two words \nnot a line\nC=x=y\n');
      expect(await readEnvFile(file)).toEqual({ A: '1', B: 'two words', C: 'x=y' });
    });

    it('answers {} for a missing file', async () => {
      expect(await readEnvFile('/nonexistent/stack.env')).toEqual({});
    });
  });
});
