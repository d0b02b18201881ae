// @ts-check
/**
 * The gateway's limits: request sizes, how long a client may take to send a request, how long PostgREST may take
 * to answer, and the auth rate limits. Each has a default and an environment variable; `startStack` and
 * `createGateway` also take them as options (tests use short ones).
 */
import { envField, parseEnv } from '../../../src/lib/env/schema.mjs';

/**
 * @typedef {object} GatewayLimits
 * @property {number} maxBodyBytes Largest /rest/v1 and /functions/v1 request body; larger ones get 413.
 * @property {number} bodyTimeoutMs Time a client has to send a whole /rest/v1, /auth/v1 or /functions/v1 body
 *   (408 after it); PostgREST only sees a body once it is complete.
 * @property {number} upstreamTimeoutMs Time PostgREST has to answer a request in full (504 after it).
 * @property {number} requestTimeoutMs Time any request may take to arrive, uploads included (Node's
 *   requestTimeout: 408 and the connection closed).
 * @property {number} signInsPer5Min Password-grant attempts per email and client IP in five minutes (429 after).
 * @property {number} signUpsPer5Min Sign-ups per client IP in five minutes.
 * @property {number} signInsPerIp Password sign-ins and sign-ups together per client IP in five minutes: hosted
 *   Auth's `sign_in_sign_ups` limit (supabase/config.toml `[auth.rate_limit]`, 30 by default, the figure of the
 *   Supabase CLI's config reference), which the stack reads from that file.
 * @property {number} refreshesPer5Min Refresh-token grants per client IP in five minutes.
 */

/** @type {Readonly<GatewayLimits>} */
export const DEFAULT_LIMITS = Object.freeze({
  maxBodyBytes: 5 * 1024 * 1024,
  bodyTimeoutMs: 10_000,
  upstreamTimeoutMs: 30_000,
  requestTimeoutMs: 120_000,
  // GoTrue limits /token to 30 at once and 150 per 5 minutes per IP. Sign-ins here count per email and IP, so
  // that test suites signing in dozens of different users from 127.0.0.1 never meet the limit, while guessing
  // one account's password is slowed to 30 tries per 5 minutes.
  signInsPer5Min: 30,
  signUpsPer5Min: 30,
  signInsPerIp: 30,
  refreshesPer5Min: 150,
});

/** The environment variable of each limit; 0 turns a rate limit off. */
export const LIMIT_ENV = Object.freeze({
  maxBodyBytes: 'LOCAL_SUPABASE_MAX_BODY_BYTES',
  bodyTimeoutMs: 'LOCAL_SUPABASE_BODY_TIMEOUT_MS',
  upstreamTimeoutMs: 'LOCAL_SUPABASE_UPSTREAM_TIMEOUT_MS',
  requestTimeoutMs: 'LOCAL_SUPABASE_REQUEST_TIMEOUT_MS',
  signInsPer5Min: 'LOCAL_AUTH_SIGN_INS_PER_5MIN',
  signUpsPer5Min: 'LOCAL_AUTH_SIGN_UPS_PER_5MIN',
  signInsPerIp: 'LOCAL_AUTH_SIGN_INS_PER_IP_PER_5MIN',
  refreshesPer5Min: 'LOCAL_AUTH_REFRESHES_PER_5MIN',
});

/** Limits that must be positive (a zero size or timeout would refuse everything). */
const POSITIVE = new Set(['maxBodyBytes', 'bodyTimeoutMs', 'upstreamTimeoutMs', 'requestTimeoutMs']);

/** The limits' variables in the stack's environment schema (../env.mjs): whole numbers, unset by default. */
export const LIMITS_ENV = Object.fromEntries(
  Object.entries(LIMIT_ENV).map(([name, variable]) => [
    variable,
    POSITIVE.has(name) ? envField.whole({ min: 1 }) : envField.whole({ note: '(0 turns it off)' }),
  ]),
);

/**
 * The limits from options, then the environment, then `defaults` (the stack passes what supabase/config.toml says),
 * then DEFAULT_LIMITS. A variable that is not a whole number (or is 0 where 0 makes no sense) is refused with a
 * message naming it, with every other problem of the stack's environment.
 * @param {Partial<GatewayLimits>} [options]
 * @param {Record<string, string | undefined>} [env]
 * @param {Partial<GatewayLimits>} [defaults]
 * @returns {GatewayLimits}
 */
export function resolveLimits(options = {}, env = process.env, defaults = {}) {
  const given = parseEnv('The local stack', LIMITS_ENV, env);
  /** @type {Record<string, number>} */
  const out = {};
  for (const [name, fallback] of Object.entries({ ...DEFAULT_LIMITS, ...defaults })) {
    const key = /** @type {keyof GatewayLimits} */ (name);
    out[name] = options[key] ?? given[LIMIT_ENV[key]] ?? fallback;
  }
  return /** @type {GatewayLimits} */ (out);
}
