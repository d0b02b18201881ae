/**
 * The migrations as production applies them: the pinned Supabase CLI (`supabase db push --remote=<url>`) on the
 * Postgres major that supabase/config.toml names, after the bootstrap that stands for what a hosted project already
 * has. The test stack itself was made this way (scripts/local-supabase/migrate.mjs); here a fresh database shows the
 * history the CLI records, and a broken migration fails with the CLI's own words, applying nothing of itself.
 */
import { randomUUID } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '@boudha/local-supabase/config';
import { migrate } from '@boudha/local-supabase/migrate';
import { createPool } from '@boudha/local-supabase/postgres';
import { readProjectConfig } from '@boudha/local-supabase/project-config';
import { supabaseCli } from '@boudha/local-supabase/supabase-cli';
import { dbClient, stackInfo } from '../helpers/supabase';

const admin = dbClient();
const databases: string[] = [];
let scratch = '';

/**
 * A new empty database on the test stack's Postgres; its URL and a superuser pool on it. Its bootstrap is given no
 * authenticator password: the role is the cluster's, and changing it would cut the test stack's PostgREST off.
 */
async function freshDatabase() {
  const name = `cli_${randomUUID().slice(0, 8)}`;
  await admin.query(`create database ${name}`);
  databases.push(name);
  const url = stackInfo().databaseUrl.replace(/\/postgres$/, `/${name}`);
  return { url, pool: createPool(url, 2) };
}

beforeAll(async () => {
  await admin.connect();
  scratch = await mkdtemp(path.join(tmpdir(), 'cli-migrations-'));
});
afterAll(async () => {
  for (const name of databases) await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
  await rm(scratch, { recursive: true, force: true });
});

describe('migrations through the Supabase CLI', () => {
  it('runs the PostgreSQL major that config.toml names', async () => {
    const { rows } = await admin.query(`select current_setting('server_version_num')::int / 10000 as major`);
    expect(rows[0].major).toBe(readProjectConfig().db.major);
    expect(rows[0].major).toBe(17);
  });

  it('applies every migration and the seed to a fresh database, and lists them as applied', async () => {
    const { url, pool } = await freshDatabase();
    try {
      const { applied, seeded } = await migrate(pool, { databaseUrl: url });
      expect(applied.length).toBeGreaterThanOrEqual(31);
      expect(seeded).toBe(true);
      const list = await supabaseCli(['migration', 'list', `--remote=${url}`]);
      expect(list.code).toBe(0);
      for (const migration of applied) {
        const version = migration.slice(0, 14);
        // Local and remote columns both name the version: nothing is pending, nothing unknown to the repository.
        expect(list.stdout).toMatch(new RegExp(`\`${version}\`\\s*\\|\\s*\`${version}\``));
      }
      const again = await migrate(pool, { databaseUrl: url });
      expect(again).toEqual({ applied: [], seeded: false });
      // The test stack's PostgREST can still log in: the cluster's authenticator role was left as it was.
      const { authenticatorPassword } = JSON.parse(
        await readFile(path.join(stackInfo().dataDir, 'secrets.json'), 'utf8'),
      ) as { authenticatorPassword: string };
      const asPostgrest = new pg.Client({
        connectionString: stackInfo().databaseUrl.replace(
          /\/\/postgres:[^@]*@/,
          `//authenticator:${encodeURIComponent(authenticatorPassword)}@`,
        ),
      });
      await asPostgrest.connect();
      await asPostgrest.end();
    } finally {
      await pool.end();
    }
  }, 120_000);

  it('fails on a migration the CLI cannot apply, naming it, and applies nothing of it', async () => {
    const workdir = path.join(scratch, 'broken');
    await cp(path.join(PROJECT_ROOT, 'supabase'), path.join(workdir, 'supabase'), {
      recursive: true,
      filter: (src) => !src.includes(`${path.sep}functions`) && !src.includes(`${path.sep}.temp`),
    });
    await writeFile(
      path.join(workdir, 'supabase/migrations/20991231000000_broken.sql'),
      'create table public.broken_example (id int primary key);\ncreate table public.broken_two (kind no_such_type);\n',
    );
    const { url, pool } = await freshDatabase();
    try {
      await expect(migrate(pool, { databaseUrl: url, workdir })).rejects.toThrow(
        /supabase db push failed[\s\S]*no_such_type/,
      );
      const { rows } = await pool.query(
        `select to_regclass('public.broken_example') as table,
           exists (select 1 from supabase_migrations.schema_migrations where version = '20991231000000') as recorded,
           (select count(*)::int from supabase_migrations.schema_migrations) as applied`,
      );
      expect(rows[0]).toEqual({ table: null, recorded: false, applied: expect.any(Number) });
      expect(rows[0].applied).toBeGreaterThanOrEqual(31);
    } finally {
      await pool.end();
    }
  }, 120_000);

  it("passes Supabase's database advisors (splinter) with no warning or error, as the hosted dashboard runs them", async () => {
    const { code, stdout, stderr } = await supabaseCli([
      'db',
      'advisors',
      `--remote=${stackInfo().databaseUrl}`,
      '--type',
      'all',
      '--level',
      'warn',
      '--fail-on',
      'warn',
    ]);
    expect(`${stdout}\n${stderr}`).toContain('No issues found');
    expect(code).toBe(0);
  }, 60_000);
});
