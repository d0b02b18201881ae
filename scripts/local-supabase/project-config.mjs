// @ts-check
/**
 * What the stand-in emulates, read from supabase/config.toml: the file the Supabase CLI pushes to the hosted project
 * (`supabase config push`), so that changing it changes the local stack and production alike: the API's row limit,
 * the Postgres major, sign-up and the email provider, the token lifetime and the upload limit. Read the way
 * Supabase CLI 3.1.0 reads it (its config reference); settings the stand-in does not emulate are ignored.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'smol-toml';
import { PROJECT_ROOT } from './config.mjs';

export const CONFIG_TOML = path.join(PROJECT_ROOT, 'supabase/config.toml');

/** Byte units the CLI accepts in sizes such as `file_size_limit = "10MiB"`. */
const UNITS = /** @type {Record<string, number>} */ ({
  b: 1,
  kb: 1e3,
  mb: 1e6,
  gb: 1e9,
  kib: 1024,
  mib: 1024 ** 2,
  gib: 1024 ** 3,
});

/**
 * A size as the CLI writes it ("50MiB", "10MB", 1048576) in bytes.
 * @param {unknown} value
 * @param {string} name the setting, for the error message
 */
export function parseSize(value, name) {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value;
  const m = /^\s*(\d+(?:\.\d+)?)\s*([kmg]i?b|b)?\s*$/i.exec(String(value ?? ''));
  if (!m) throw new Error(`supabase/config.toml: ${name} must be a size such as "10MiB", got ${JSON.stringify(value)}`);
  return Math.floor(Number(m[1]) * UNITS[(m[2] ?? 'b').toLowerCase()]);
}

/**
 * @typedef {object} ProjectConfig
 * @property {{ maxRows: number }} api The most rows one request to the REST API returns.
 * @property {{ major: number }} db
 * @property {{ emailEnabled: boolean, enableSignup: boolean, jwtExpiry: number, signInsPerIp: number }} auth
 *   `emailEnabled`: whether anyone may sign in with email at all; `enableSignup`: whether new users may sign up.
 * @property {{ fileSizeLimit: number }} storage The project-wide upload limit; a bucket's own may only be lower.
 */

/**
 * Parses config.toml's text.
 * @param {string} text
 * @returns {ProjectConfig}
 */
export function parseProjectConfig(text) {
  /** @type {any} */
  const toml = parse(text);
  const auth = toml.auth ?? {};
  const email = auth.email ?? {};
  // CLI 3.1.0: `auth.email.enabled` switches the email provider (sign-in included); the older
  // `auth.email.enable_signup` is read as the same switch. New sign-ups alone are `auth.enable_signup`.
  const emailEnabled = auth.enabled !== false && (email.enabled ?? email.enable_signup ?? true) !== false;
  const jwtExpiry = Number(auth.jwt_expiry ?? 3600);
  // Supabase allows 5 minutes to a week; auth-js refreshes a token with less than 90 s left.
  if (!Number.isSafeInteger(jwtExpiry) || jwtExpiry < 300 || jwtExpiry > 604_800) {
    throw new Error(`supabase/config.toml: auth.jwt_expiry must be 300 to 604800 seconds, got ${auth.jwt_expiry}`);
  }
  const major = Number(toml.db?.major_version ?? 17);
  const maxRows = Number(toml.api?.max_rows ?? 1000);
  if (!Number.isSafeInteger(maxRows) || maxRows < 1) {
    throw new Error(`supabase/config.toml: api.max_rows must be a whole number above 0, got ${toml.api?.max_rows}`);
  }
  return {
    api: { maxRows },
    db: { major },
    auth: {
      emailEnabled,
      enableSignup: emailEnabled && auth.enable_signup !== false,
      jwtExpiry,
      // Sign-ins and sign-ups per IP in five minutes ([auth.rate_limit] sign_in_sign_ups; the CLI's default 30).
      signInsPerIp: Number(auth.rate_limit?.sign_in_sign_ups ?? 30),
    },
    storage: { fileSizeLimit: parseSize(toml.storage?.file_size_limit ?? '50MiB', 'storage.file_size_limit') },
  };
}

/**
 * Reads supabase/config.toml (or another file of that format).
 * @param {string} [file]
 * @returns {ProjectConfig}
 */
export function readProjectConfig(file = CONFIG_TOML) {
  return parseProjectConfig(readFileSync(file, 'utf8'));
}
