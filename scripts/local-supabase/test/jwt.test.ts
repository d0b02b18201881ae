import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { keyOf, signAccessToken, verify } from '../gateway/jwt.mjs';

describe('gateway tokens', () => {
  const key = keyOf('a-test-secret-that-is-long-enough-0123');

  it('signs access tokens that verify with the same secret and live one hour', async () => {
    const token = await signAccessToken({ sub: 'u1', role: 'authenticated' }, key);
    const claims = await verify(token, key);
    expect(claims).toMatchObject({ sub: 'u1', role: 'authenticated' });
    expect(claims!.exp! - claims!.iat!).toBe(3600);
  });

  it('rejects a token signed with another secret', async () => {
    const token = await signAccessToken({ sub: 'u1' }, keyOf('another-secret-another-secret-0123'));
    expect(await verify(token, key)).toBeUndefined();
  });

  it('rejects an expired token', async () => {
    const token = await new SignJWT({ sub: 'u1' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
      .sign(key);
    expect(await verify(token, key)).toBeUndefined();
  });

  it.each([undefined, '', 'not-a-jwt'])('rejects %o', async (token) => {
    expect(await verify(token, key)).toBeUndefined();
  });
});
