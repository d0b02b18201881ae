// @ts-check
/** GoTrue's rules as the local stand-in keeps them: error shapes, password and metadata checks, the user's JSON. */
import { HttpError } from '../http.mjs';

export const API_VERSION_HEADERS = { 'X-Supabase-Api-Version': '2024-01-01' };
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const USER_COLUMNS =
  'id, aud, role, email, email_confirmed_at, last_sign_in_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at, is_anonymous';
/** bcrypt reads 72 bytes of a password; GoTrue refuses longer ones (len() of a Go string counts bytes). */
export const MAX_PASSWORD_BYTES = 72;
export const MIN_PASSWORD_LENGTH = 6;
/**
 * Metadata is copied into every access token, which travels in a header: 4 KB of JSON keeps a token well under
 * the 8 KB that proxies (nginx) and the 16 KB that Node accept for headers.
 */
export const MAX_METADATA_BYTES = 4096;
export const FIVE_MINUTES_MS = 5 * 60_000;

/**
 * GoTrue's error shape (api version 2024-01-01): auth-js reads `code` as the error code and `msg`/`message`.
 * @param {number} status
 * @param {string} code
 * @param {string} message
 */
export function authError(status, code, message) {
  return new HttpError(status, { code, error_code: code, msg: message, message });
}

/**
 * A new password as GoTrue's checkPasswordStrength judges it: over 72 bytes is 400 validation_failed, under the
 * minimum length 422 weak_password with its reasons.
 * @param {unknown} password
 */
export function checkNewPassword(password) {
  if (typeof password === 'string' && Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) {
    throw authError(400, 'validation_failed', `Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`);
  }
  if (typeof password !== 'string' || password.length < MIN_PASSWORD_LENGTH) {
    const message = `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`;
    throw new HttpError(422, {
      code: 'weak_password',
      error_code: 'weak_password',
      msg: message,
      message,
      weak_password: { reasons: ['length'] },
    });
  }
}

/**
 * Metadata as the request gives it (`data`, `user_metadata`, `app_metadata`): absent or null, or a JSON object,
 * as GoTrue's Go map field takes it (anything else is 400 bad_json there too); at most MAX_METADATA_BYTES once
 * merged into what the user already has.
 * @param {unknown} value
 * @param {string} field
 * @param {Record<string, unknown>} [current] The stored metadata it is merged into.
 * @returns {Record<string, unknown> | null}
 */
export function checkMetadata(value, field, current = {}) {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw authError(400, 'bad_json', `Could not parse request body as JSON: ${field} must be a JSON object`);
  }
  const merged = JSON.stringify({ ...current, .../** @type {Record<string, unknown>} */ (value) });
  if (Buffer.byteLength(merged, 'utf8') > MAX_METADATA_BYTES) {
    throw authError(400, 'validation_failed', `${field} is too large (at most ${MAX_METADATA_BYTES} bytes of JSON)`);
  }
  return /** @type {Record<string, unknown>} */ (value);
}

/** GoTrue's answer past a rate limit. @param {number} retryAfterS */
export const rateLimited = (retryAfterS) =>
  new HttpError(
    429,
    {
      code: 'over_request_rate_limit',
      error_code: 'over_request_rate_limit',
      msg: 'Request rate limit reached',
      message: 'Request rate limit reached',
    },
    { 'Retry-After': String(retryAfterS) },
  );

/**
 * @param {{ take: (key: string) => { ok: true } | { ok: false, retryAfterS: number } }} limiter
 * @param {string} key
 */
export function spend(limiter, key) {
  const r = limiter.take(key);
  if (!r.ok) throw rateLimited(r.retryAfterS);
}

/** The client's address, as the connection gives it (headers such as X-Forwarded-For are not trusted). */
export const clientIp = (/** @type {import('node:http').IncomingMessage} */ req) =>
  req.socket.remoteAddress ?? 'unknown';

/** @param {Record<string, any>} row */
export function userJson(row) {
  return {
    id: row.id,
    aud: row.aud ?? 'authenticated',
    role: row.role ?? 'authenticated',
    email: row.email,
    email_confirmed_at: row.email_confirmed_at,
    phone: '',
    confirmed_at: row.email_confirmed_at,
    last_sign_in_at: row.last_sign_in_at,
    app_metadata: row.raw_app_meta_data ?? {},
    user_metadata: row.raw_user_meta_data ?? {},
    identities: [],
    created_at: row.created_at,
    updated_at: row.updated_at,
    is_anonymous: Boolean(row.is_anonymous),
  };
}
