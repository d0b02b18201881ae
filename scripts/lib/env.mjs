// @ts-check
/** Resolves the Supabase a server-side script talks to: the environment, else the local stack's stack.env. */
import { readEnvFile, resolveConfig } from '@boudha/local-supabase/config';
import { warnLegacyKeys } from './api-keys.mjs';
import { envField, parseEnv } from '../../src/lib/env/schema.mjs';

/** The Supabase a command talks to; unset, the local stack's (.data/stack.env). */
export const SUPABASE_ENV = {
  PUBLIC_SUPABASE_URL: envField.url(),
  PUBLIC_SUPABASE_ANON_KEY: envField.text(),
  /** Server-side commands only (publish, admin:create); never given to a build. */
  SUPABASE_SERVICE_ROLE_KEY: envField.text(),
};

/**
 * @param {{ needServiceRole?: boolean }} [opts]
 * @returns {Promise<{ url: string, anonKey: string, serviceRoleKey: string, local: boolean }>}
 */
export async function supabaseEnv({ needServiceRole = false } = {}) {
  const given = parseEnv('Supabase', SUPABASE_ENV);
  let url = given.PUBLIC_SUPABASE_URL ?? '';
  let anonKey = given.PUBLIC_SUPABASE_ANON_KEY ?? '';
  let serviceRoleKey = given.SUPABASE_SERVICE_ROLE_KEY ?? '';
  let local = false;
  if (!url) {
    const env = await readEnvFile(resolveConfig().envFile);
    url = env.PUBLIC_SUPABASE_URL ?? '';
    anonKey = env.PUBLIC_SUPABASE_ANON_KEY ?? '';
    serviceRoleKey = serviceRoleKey || (env.SUPABASE_SERVICE_ROLE_KEY ?? '');
    local = Boolean(url);
  }
  const missing = [
    !url && 'PUBLIC_SUPABASE_URL',
    !anonKey && !needServiceRole && 'PUBLIC_SUPABASE_ANON_KEY',
    !serviceRoleKey && needServiceRole && 'SUPABASE_SERVICE_ROLE_KEY',
  ].filter(Boolean);
  if (missing.length) {
    throw new Error(
      `Missing ${missing.join(', ')}. Set them for hosted Supabase, or start the local stack (npm run stack) so ${resolveConfig().envFile} exists.`,
    );
  }
  if (!local) warnLegacyKeys(url, { PUBLIC_SUPABASE_ANON_KEY: anonKey, SUPABASE_SERVICE_ROLE_KEY: serviceRoleKey });
  if (local) {
    const up = await fetch(`${url}/auth/v1/health`, { headers: { apikey: anonKey } }).then(
      (r) => r.ok,
      () => false,
    );
    if (!up) throw new Error(`The local stack at ${url} is not running. Start it with npm run stack (or npm start).`);
  }
  return { url, anonKey, serviceRoleKey, local };
}
