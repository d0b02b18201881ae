// @ts-check
/**
 * Applies the local bootstrap SQL, then supabase/migrations in order (each once, in a transaction, recorded in
 * supabase_migrations.schema_migrations as the Supabase CLI does), then supabase/seed.sql once.
 */
import { readFile, readdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { PROJECT_ROOT } from './config.mjs';

const BOOTSTRAP = path.join(PROJECT_ROOT, 'scripts/local-supabase/sql/00-bootstrap.sql');
export const MIGRATIONS_DIR = path.join(PROJECT_ROOT, 'supabase/migrations');
export const SEED_FILE = path.join(PROJECT_ROOT, 'supabase/seed.sql');

/** Lists migration files as {version, name, file}, ordered by version. */
export async function listMigrations() {
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => /^\d{14}_[a-z0-9_]+\.sql$/.test(f)).sort();
  return files.map((f) => ({ version: f.slice(0, 14), name: f.slice(15, -4), file: path.join(MIGRATIONS_DIR, f) }));
}

/**
 * @param {import('pg').Pool} pool A superuser pool.
 * @param {{ authenticatorPassword: string, seed?: boolean, log?: (msg: string) => void }} opts
 * @returns {Promise<{ applied: string[], seeded: boolean }>}
 */
export async function migrate(pool, { authenticatorPassword, seed = true, log = () => {} }) {
  const client = await pool.connect();
  try {
    await client.query(await readFile(BOOTSTRAP, 'utf8'));
    await client.query(`alter role authenticator with login password ${client.escapeLiteral(authenticatorPassword)}`);
    await client.query(`
      create schema if not exists supabase_migrations;
      create table if not exists supabase_migrations.schema_migrations (
        version text primary key, name text, statements text[], applied_at timestamptz default now());
      create table if not exists supabase_migrations.seed_files (path text primary key, hash text not null);`);
    const done = new Set(
      (await client.query('select version from supabase_migrations.schema_migrations')).rows.map((r) => r.version),
    );
    /** @type {string[]} */
    const applied = [];
    for (const m of await listMigrations()) {
      if (done.has(m.version)) continue;
      const sql = await readFile(m.file, 'utf8');
      try {
        await client.query('begin');
        await client.query(sql);
        await client.query(
          'insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)',
          [m.version, m.name, [sql]],
        );
        await client.query('commit');
      } catch (err) {
        await client.query('rollback');
        throw new Error(`Migration ${path.basename(m.file)} failed: ${err instanceof Error ? err.message : err}`, {
          cause: err,
        });
      }
      applied.push(m.version);
      log(`applied migration ${m.version}_${m.name}`);
    }
    let seeded = false;
    const seedRel = path.relative(PROJECT_ROOT, SEED_FILE);
    const seedDone = (await client.query('select 1 from supabase_migrations.seed_files where path = $1', [seedRel]))
      .rowCount;
    if (seed && !seedDone && !existsSync(SEED_FILE)) log(`no ${seedRel}: nothing to seed`);
    if (seed && !seedDone && existsSync(SEED_FILE)) {
      const sql = await readFile(SEED_FILE, 'utf8');
      try {
        await client.query('begin');
        await client.query(sql);
        await client.query('insert into supabase_migrations.seed_files (path, hash) values ($1, $2)', [
          seedRel,
          createHash('sha256').update(sql).digest('hex'),
        ]);
        await client.query('commit');
      } catch (err) {
        await client.query('rollback');
        throw new Error(`Seed ${seedRel} failed: ${err instanceof Error ? err.message : err}`, { cause: err });
      }
      seeded = true;
      log(`seeded from ${seedRel}`);
    }
    // PostgREST caches the schema; tell it (if running) to read it again.
    if (applied.length || seeded) await client.query(`notify pgrst, 'reload schema'`);
    return { applied, seeded };
  } finally {
    client.release();
  }
}
