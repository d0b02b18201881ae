// @ts-check
/**
 * The real Supabase CLI, pinned in package.json (`supabase`, whose binary comes in npm's optional platform packages),
 * run on the project's Node. The local stack applies migrations with it, exactly as production does
 * (`supabase db push --remote=<url>`), so a migration the CLI rejects fails here first.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { PROJECT_ROOT } from './config.mjs';

const require = createRequire(import.meta.url);

/**
 * Runs `supabase <args>` and collects what it prints.
 * @param {string[]} args
 * @param {{ workdir?: string, env?: NodeJS.ProcessEnv, timeoutMs?: number }} [opts]
 * @returns {Promise<{ code: number, stdout: string, stderr: string }>}
 */
export function supabaseCli(args, { workdir = PROJECT_ROOT, env = {}, timeoutMs = 120_000 } = {}) {
  const bin = require.resolve('supabase/dist/supabase.js');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args, '--workdir', workdir], {
      cwd: workdir,
      // PGSSLMODE=disable: the local Postgres has no TLS; without it the CLI tries TLS first and warns each time.
      env: { ...process.env, PGSSLMODE: 'disable', NO_COLOR: '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: timeoutMs,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (b) => (stdout += b));
    child.stderr.on('data', (b) => (stderr += b));
    child.once('error', reject);
    child.once('close', (code, signal) => resolve({ code: code ?? (signal ? 128 : 1), stdout, stderr }));
  });
}

/**
 * `supabase db push --remote=<url> --yes [--include-seed]`: applies the migrations of `workdir/supabase/migrations`
 * that the database's history lacks, then (with `seed`) the seed files not yet recorded. Throws with the CLI's
 * own words when it refuses or a migration fails.
 * @param {string} databaseUrl
 * @param {{ seed?: boolean, workdir?: string }} [opts]
 * @returns {Promise<{ applied: string[], seeded: boolean, output: string }>} `applied`: `<version>_<name>` of each
 */
export async function dbPush(databaseUrl, { seed = true, workdir } = {}) {
  const args = ['db', 'push', `--remote=${databaseUrl}`, '--yes', ...(seed ? ['--include-seed'] : [])];
  const { code, stdout, stderr } = await supabaseCli(args, { workdir });
  const output = `${stdout}\n${stderr}`;
  if (code !== 0) {
    const lines = output
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !/^WARN:|^▲|^│$/.test(l));
    throw new Error(`supabase db push failed (exit ${code}):\n${lines.slice(-15).join('\n')}`);
  }
  const applied = [...output.matchAll(/^Applying migration (\d{14}_\S*)\.sql/gm)].map((m) => m[1]);
  return { applied, seeded: /^Seeding data from /m.test(output), output };
}
