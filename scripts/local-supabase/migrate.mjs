// @ts-check
/**
 * Prepares a database the way hosted Supabase has it before any project migration (the local bootstrap SQL), then
 * hands it to the real Supabase CLI: `supabase db push --remote=<url> --yes --include-seed` applies
 * supabase/migrations in order and supabase/seed.sql once, recording both in `supabase_migrations` as it does for a
 * hosted project. One path for local and production: a migration the CLI would reject fails `npm start` and
 * `npm test` here, not the first deployment.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PROJECT_ROOT } from './config.mjs';
import { dbPush } from './supabase-cli.mjs';

const BOOTSTRAP = path.join(PROJECT_ROOT, 'scripts/local-supabase/sql/00-bootstrap.sql');

/**
 * The local-only bootstrap (roles, the auth / storage / extensions schemas, the hosted per-role settings): what a
 * hosted project has before its first migration. Idempotent.
 * @param {import('pg').Pool} pool A superuser pool.
 * @param {string} [authenticatorPassword] The password PostgREST logs in with. Roles belong to the whole cluster: a
 *   second database of a running stack's cluster (the migration tests') gives none, leaving the stack's PostgREST
 *   able to connect.
 */
export async function bootstrap(pool, authenticatorPassword) {
  const client = await pool.connect();
  try {
    await client.query(await readFile(BOOTSTRAP, 'utf8'));
    if (authenticatorPassword === undefined) return;
    await client.query(`alter role authenticator with login password ${client.escapeLiteral(authenticatorPassword)}`);
  } finally {
    client.release();
  }
}

/**
 * @param {import('pg').Pool} pool A superuser pool on `databaseUrl`.
 * @param {{ databaseUrl: string, authenticatorPassword?: string, seed?: boolean, workdir?: string, log?: (msg: string) => void }} opts
 *   `workdir` holds the `supabase/` folder to apply (default: the project's).
 * @returns {Promise<{ applied: string[], seeded: boolean }>}
 */
export async function migrate(pool, { databaseUrl, authenticatorPassword, seed = true, workdir, log = () => {} }) {
  await bootstrap(pool, authenticatorPassword);
  const { applied, seeded } = await dbPush(databaseUrl, { seed, workdir });
  for (const migration of applied) log(`applied migration ${migration}`);
  if (seeded) log('seeded from supabase/seed.sql');
  // PostgREST caches the schema; tell it (if running) to read it again.
  if (applied.length || seeded) await pool.query(`notify pgrst, 'reload schema'`);
  return { applied, seeded };
}
