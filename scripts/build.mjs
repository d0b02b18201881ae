// @ts-check
/**
 * `npm run build`: astro build against the Supabase named by PUBLIC_SUPABASE_URL / PUBLIC_SUPABASE_ANON_KEY, or
 * else the local stack's values from DATA_DIR/stack.env (start it with `npm run stack` or `npm start`).
 * `--dev` runs the dev server instead.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { readEnvFile, resolveConfig, PROJECT_ROOT } from '@boudha/local-supabase/config';
import { astroCacheDir } from '../src/lib/images/upload-cache.mjs';
import { warnLegacyKeys } from './lib/api-keys.mjs';

const config = resolveConfig();
const local = await readEnvFile(config.envFile);
const env = { ...process.env };
if (!env.PUBLIC_SUPABASE_URL || !env.PUBLIC_SUPABASE_ANON_KEY) {
  if (!local.PUBLIC_SUPABASE_URL) {
    console.error(
      'build: no Supabase to read from. Set PUBLIC_SUPABASE_URL and PUBLIC_SUPABASE_ANON_KEY, or start the local stack (npm run stack).',
    );
    process.exit(1);
  }
  env.PUBLIC_SUPABASE_URL = local.PUBLIC_SUPABASE_URL;
  env.PUBLIC_SUPABASE_ANON_KEY = local.PUBLIC_SUPABASE_ANON_KEY;
}
warnLegacyKeys(env.PUBLIC_SUPABASE_URL, { PUBLIC_SUPABASE_ANON_KEY: env.PUBLIC_SUPABASE_ANON_KEY });
// Fetched Storage images and their optimised copies are kept in the data dir between builds (D21).
env.ASTRO_CACHE_DIR ??= astroCacheDir(config.dataDir);
// The service-role key never reaches the site build.
delete env.SUPABASE_SERVICE_ROLE_KEY;
const args = process.argv.includes('--dev')
  ? ['dev']
  : ['build', ...process.argv.slice(2).filter((a) => a !== '--dev')];
const astro = path.join(PROJECT_ROOT, 'node_modules/astro/bin/astro.mjs');
const child = spawn(process.execPath, [astro, ...args], { cwd: PROJECT_ROOT, env, stdio: 'inherit' });
child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 1)));
for (const s of /** @type {const} */ (['SIGINT', 'SIGTERM'])) process.on(s, () => child.kill(s));
