// @ts-check
/** HS256 tokens signed with the stack's JWT secret, as Supabase's GoTrue issues them. */
import { SignJWT, jwtVerify } from 'jose';

/** Access tokens live one hour by default, as on Supabase; supabase/config.toml's auth.jwt_expiry says otherwise. */
export const ACCESS_TOKEN_TTL_S = 3600;

/** @param {string} secret */
export function keyOf(secret) {
  return new TextEncoder().encode(secret);
}

/**
 * Verifies a token's signature and expiry; returns its claims or undefined.
 * @param {string | undefined} token
 * @param {Uint8Array} key
 * @returns {Promise<Record<string, any> | undefined>}
 */
export async function verify(token, key) {
  if (!token) return undefined;
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
    return payload;
  } catch {
    return undefined;
  }
}

/**
 * @param {Record<string, unknown>} claims
 * @param {Uint8Array} key
 * @param {number} [ttlSeconds]
 */
export function signAccessToken(claims, key, ttlSeconds = ACCESS_TOKEN_TTL_S) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(now + ttlSeconds)
    .sign(key);
}
