/**
 * The local gateway's pure helpers from issue #16: its limits (defaults, environment, refusals), the token-bucket
 * rate limiter, GoTrue's password and metadata rules, and Storage's key and x-metadata parsing.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, LIMIT_ENV, resolveLimits } from '../gateway/limits.mjs';
import { createRateLimiter } from '../gateway/rate-limit.mjs';
import { checkMetadata, checkNewPassword } from '../gateway/auth/index.mjs';
import { decodeSegments, parseMetadataHeader } from '../gateway/storage/index.mjs';
import { HttpError } from '../gateway/http.mjs';

/** The HttpError `fn` throws (status and body), or undefined. */
function thrown(fn: () => unknown) {
  try {
    fn();
  } catch (err) {
    if (err instanceof HttpError) return { status: err.status, body: err.body };
    throw err;
  }
  return undefined;
}

describe('gateway limits', () => {
  it('default to a few MB of body, short timeouts and GoTrue-like rates', () => {
    expect(resolveLimits({}, {})).toEqual(DEFAULT_LIMITS);
    expect(DEFAULT_LIMITS.maxBodyBytes).toBe(5 * 1024 * 1024);
    expect(DEFAULT_LIMITS.signInsPer5Min).toBe(30);
  });

  it('take the environment, and options over it', () => {
    const env = { [LIMIT_ENV.maxBodyBytes]: '1024', [LIMIT_ENV.signInsPer5Min]: '0' };
    expect(resolveLimits({}, env)).toMatchObject({ maxBodyBytes: 1024, signInsPer5Min: 0 });
    expect(resolveLimits({ maxBodyBytes: 2048 }, env).maxBodyBytes).toBe(2048);
    expect(resolveLimits({}, { [LIMIT_ENV.bodyTimeoutMs]: '  ' }).bodyTimeoutMs).toBe(DEFAULT_LIMITS.bodyTimeoutMs);
  });

  it.each([
    ['LOCAL_SUPABASE_MAX_BODY_BYTES', '0'],
    ['LOCAL_SUPABASE_UPSTREAM_TIMEOUT_MS', '-5'],
    ['LOCAL_AUTH_SIGN_INS_PER_5MIN', 'lots'],
    ['LOCAL_SUPABASE_BODY_TIMEOUT_MS', '1.5'],
  ])('refuse %s=%s with a message naming the variable', (name, value) => {
    expect(() => resolveLimits({}, { [name]: value })).toThrow(name);
  });
});

describe('rate limiter', () => {
  it('allows `limit` at once, then refuses with Retry-After, and earns requests back over the window', () => {
    let t = 0;
    const rl = createRateLimiter({ limit: 3, windowMs: 300_000, now: () => t });
    expect([rl.take('a'), rl.take('a'), rl.take('a')].every((r) => r.ok)).toBe(true);
    const refused = rl.take('a');
    expect(refused).toEqual({ ok: false, retryAfterS: 100 });
    // Other keys have their own bucket.
    expect(rl.take('b').ok).toBe(true);
    t += 99_000;
    expect(rl.take('a').ok).toBe(false);
    t += 1_000;
    expect(rl.take('a').ok).toBe(true);
    expect(rl.take('a').ok).toBe(false);
  });

  it('is off at 0', () => {
    const rl = createRateLimiter({ limit: 0, windowMs: 1000 });
    for (let i = 0; i < 100; i++) expect(rl.take('a').ok).toBe(true);
    expect(rl.size).toBe(0);
  });

  it('remembers a bounded number of keys, and forgets the ones that have refilled', () => {
    let t = 0;
    const rl = createRateLimiter({ limit: 2, windowMs: 1000, maxKeys: 50, now: () => t });
    for (let i = 0; i < 500; i++) rl.take(`k${i}`);
    expect(rl.size).toBe(50);
    t += 5000;
    rl.take('fresh');
    expect(rl.size).toBe(1);
  });
});

describe('GoTrue rules for new passwords and metadata', () => {
  it('refuses passwords over 72 bytes with 400 validation_failed, counting bytes as GoTrue does', () => {
    expect(checkNewPassword('x'.repeat(72))).toBeUndefined();
    expect(thrown(() => checkNewPassword('x'.repeat(73)))).toEqual({
      status: 400,
      body: expect.objectContaining({
        code: 'validation_failed',
        message: 'Password cannot be longer than 72 characters',
      }),
    });
    expect(thrown(() => checkNewPassword('é'.repeat(37)))?.status).toBe(400);
  });

  it('refuses short passwords with 422 weak_password and its reasons', () => {
    expect(thrown(() => checkNewPassword('12345'))).toEqual({
      status: 422,
      body: expect.objectContaining({ code: 'weak_password', weak_password: { reasons: ['length'] } }),
    });
    expect(thrown(() => checkNewPassword(undefined))?.status).toBe(422);
  });

  it('takes metadata as a JSON object of at most 4 KB once merged, or nothing', () => {
    expect(checkMetadata(undefined, 'data')).toBeNull();
    expect(checkMetadata(null, 'data')).toBeNull();
    expect(checkMetadata({ a: 1 }, 'data')).toEqual({ a: 1 });
    for (const bad of ['x', [1], 3, true]) expect(thrown(() => checkMetadata(bad, 'data'))?.body.code).toBe('bad_json');
    expect(thrown(() => checkMetadata({ a: 'x'.repeat(5000) }, 'data'))?.body.code).toBe('validation_failed');
    expect(thrown(() => checkMetadata({ b: 'x'.repeat(3000) }, 'data', { a: 'x'.repeat(3000) }))?.status).toBe(400);
    // Replacing a key counts once.
    expect(checkMetadata({ a: 'y'.repeat(3000) }, 'data', { a: 'x'.repeat(3000) })).toBeTruthy();
  });
});

describe('Storage parsing', () => {
  it('decodes path segments, and answers 400 InvalidKey to a broken escape', () => {
    expect(decodeSegments('/object/public/b/featured%2Fa%20b.jpg')).toEqual([
      'object',
      'public',
      'b',
      'featured/a b.jpg',
    ]);
    for (const bad of ['/object/b/%ZZ', '/object/b/%E0%A4%A.png', '/object/b/%']) {
      expect(thrown(() => decodeSegments(bad))).toEqual({
        status: 400,
        body: expect.objectContaining({ statusCode: '400', error: 'InvalidKey' }),
      });
    }
  });

  it('reads x-metadata as base64 of a JSON object, and answers 400 to anything else', () => {
    expect(parseMetadataHeader(undefined)).toBeNull();
    expect(parseMetadataHeader(Buffer.from('{"alt":"x"}').toString('base64'))).toEqual({ alt: 'x' });
    for (const bad of ['%%%', Buffer.from('nope').toString('base64'), Buffer.from('[1]').toString('base64')]) {
      expect(thrown(() => parseMetadataHeader(bad))?.status).toBe(400);
    }
  });
});

describe('the project defaults (supabase/config.toml)', () => {
  it('stand below the options and the environment, above the built-in defaults', () => {
    const resolve = resolveLimits;
    expect(resolve({}, {}, { signInsPerIp: 12 }).signInsPerIp).toBe(12);
    expect(resolve({}, { LOCAL_AUTH_SIGN_INS_PER_IP_PER_5MIN: '7' }, { signInsPerIp: 12 }).signInsPerIp).toBe(7);
    expect(
      resolve({ signInsPerIp: 0 }, { LOCAL_AUTH_SIGN_INS_PER_IP_PER_5MIN: '7' }, { signInsPerIp: 12 }).signInsPerIp,
    ).toBe(0);
    expect(resolve({}, {}).signInsPerIp).toBe(30);
  });
});
