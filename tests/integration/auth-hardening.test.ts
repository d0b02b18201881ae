/**
 * /auth/v1 hardened as GoTrue is (issue #16): an unknown email costs the same bcrypt work as a wrong password,
 * the password grant is rate limited per email and client (429 over_request_rate_limit), new passwords are at
 * most 72 bytes (400 validation_failed), metadata is a JSON object of bounded size (400 otherwise, never 500),
 * and a rotated refresh token used again revokes the session's refresh tokens. The publish functions check that
 * the caller's session still exists, as the production function does through the auth server.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveLimits } from '@boudha/local-supabase/gateway/limits';
import { createPublishHandler } from '@boudha/publisher/functions';
import {
  anonClient,
  authFetch,
  dbClient,
  serviceClient,
  signedInClient,
  stackInfo,
  uniqueEmail,
} from '../helpers/supabase';

const passwordGrant = (email: string, password: string) =>
  authFetch('/token?grant_type=password', { method: 'POST', body: { email, password } });
const refreshGrant = (refreshToken: string) =>
  authFetch('/token?grant_type=refresh_token', { method: 'POST', body: { refresh_token: refreshToken } });
const tokenOf = async (client: ReturnType<typeof anonClient>) =>
  (await client.auth.getSession()).data.session!.access_token;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const db = dbClient();
beforeAll(() => db.connect());
afterAll(() => db.end());

describe('the password grant', () => {
  it('costs the same for an unknown email as for a wrong password (no account enumeration by timing)', async () => {
    const user = await signedInClient('none');
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 6; i++) {
      let t = performance.now();
      expect((await passwordGrant(user.email, `wrong-${i}-password`)).status).toBe(400);
      known.push(performance.now() - t);
      t = performance.now();
      const nobody = await passwordGrant(uniqueEmail('nobody'), `wrong-${i}-password`);
      unknown.push(performance.now() - t);
      expect(nobody.status).toBe(400);
      expect(nobody.body?.code).toBe('invalid_credentials');
    }
    console.log(
      `[timing] wrong password ${median(known).toFixed(1)} ms, unknown email ${median(unknown).toFixed(1)} ms (medians of 6)`,
    );
    // Before: ~100 ms against ~2.5 ms. Now both compute one bcrypt hash of cost 10.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.6);
    expect(median(known)).toBeGreaterThan(median(unknown) * 0.6);
  });

  const { signInsPer5Min } = resolveLimits();
  it.skipIf(signInsPer5Min === 0)(
    `allows ${signInsPer5Min} attempts per email and client in 5 minutes, then answers 429 over_request_rate_limit`,
    async () => {
      // signedInClient has spent one attempt already. Attempts refill slowly (signInsPer5Min per 5 minutes),
      // so the refusal comes after signInsPer5Min - 1 more, give or take the one earned back meanwhile.
      const target = await signedInClient('none');
      let refused: Awaited<ReturnType<typeof passwordGrant>> | undefined;
      let failures = 0;
      for (let i = 0; i < signInsPer5Min + 5 && !refused; i++) {
        const r = await passwordGrant(target.email, `guess-${i}`);
        if (r.status === 429) refused = r;
        else {
          expect(r.status, `attempt ${i + 1}`).toBe(400);
          failures++;
        }
      }
      expect(refused, 'a refusal after the allowed attempts').toBeDefined();
      expect(failures).toBeGreaterThanOrEqual(signInsPer5Min - 1);
      expect(failures).toBeLessThanOrEqual(signInsPer5Min + 1);
      expect(refused!.body).toMatchObject({ code: 'over_request_rate_limit', msg: 'Request rate limit reached' });
      expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThan(0);
      // The right password waits too (the limit is on attempts, not on failures); supabase-js sees GoTrue's 429.
      expect((await passwordGrant(target.email, target.password)).status).toBe(429);
      const { error } = await anonClient().auth.signInWithPassword({ email: target.email, password: target.password });
      expect(error?.status).toBe(429);
      expect(error?.code).toBe('over_request_rate_limit');
      // Another account from the same address is not held up (test suites sign in many users from 127.0.0.1).
      const other = await signedInClient('none');
      expect((await passwordGrant(other.email, other.password)).status).toBe(200);
    },
    60_000,
  );

  it('refuses a password longer than 72 bytes even when its first 72 bytes are right', async () => {
    const email = uniqueEmail('long');
    const password = `${'p'.repeat(60)}-${randomUUID().slice(0, 11)}`; // exactly 72 characters
    expect(password).toHaveLength(72);
    const { error } = await anonClient().auth.signUp({ email, password });
    expect(error).toBeNull();
    expect((await passwordGrant(email, password)).status).toBe(200);
    // bcrypt (pgcrypto's crypt) reads 72 bytes: without a check, anything after them would be ignored.
    const longer = await passwordGrant(email, `${password}-and-more`);
    expect(longer.status).toBe(400);
    expect(longer.body?.code).toBe('invalid_credentials');
  });
});

describe('new passwords', () => {
  const tooLong = 'x'.repeat(73);
  const tooLongBytes = 'é'.repeat(37); // 37 characters, 74 bytes: GoTrue counts bytes

  const expectTooLong = (r: { status: number; body: Record<string, unknown> | null }) => {
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({
      code: 'validation_failed',
      msg: 'Password cannot be longer than 72 characters',
    });
  };

  it('are refused over 72 bytes at sign-up, on the user endpoint and in the admin API, with GoTrue’s 400', async () => {
    for (const password of [tooLong, tooLongBytes]) {
      const email = uniqueEmail('toolong');
      expectTooLong(await authFetch('/signup', { method: 'POST', body: { email, password } }));
      expect(Number((await db.query('select count(*) from auth.users where email = $1', [email])).rows[0].count)).toBe(
        0,
      );
    }
    const user = await signedInClient('none');
    const token = await tokenOf(user.client);
    expectTooLong(await authFetch('/user', { method: 'PUT', token, body: { password: tooLong } }));
    // The password did not change.
    expect((await passwordGrant(user.email, user.password)).status).toBe(200);

    const admin = serviceClient().auth.admin;
    const created = await admin.createUser({ email: uniqueEmail('toolong'), password: tooLong, email_confirm: true });
    expect(created.error?.status).toBe(400);
    expect(created.error?.code).toBe('validation_failed');
    const updated = await admin.updateUserById(user.id, { password: tooLongBytes });
    expect(updated.error?.status).toBe(400);
    expect(updated.error?.code).toBe('validation_failed');
    // 72 bytes is fine.
    const ok = await authFetch('/user', { method: 'PUT', token, body: { password: 'y'.repeat(72) } });
    expect(ok.status).toBe(200);
    expect((await passwordGrant(user.email, 'y'.repeat(72))).status).toBe(200);
  });

  it('under 6 characters are 422 weak_password with its reasons, as GoTrue answers', async () => {
    const r = await authFetch('/signup', { method: 'POST', body: { email: uniqueEmail('weak'), password: '123' } });
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({ code: 'weak_password', weak_password: { reasons: ['length'] } });
  });
});

describe('user metadata', () => {
  it('must be a JSON object: a string, an array or a number is 400 bad_json, never 500', async () => {
    const user = await signedInClient('none');
    const token = await tokenOf(user.client);
    for (const data of ['x', [1, 2], 42, true]) {
      const r = await authFetch('/user', { method: 'PUT', token, body: { data } });
      expect(r.status, JSON.stringify(data)).toBe(400);
      expect(r.body?.code).toBe('bad_json');
    }
    const signUp = await authFetch('/signup', {
      method: 'POST',
      body: { email: uniqueEmail('meta'), password: 'a-good-password', data: 'x' },
    });
    expect(signUp.status).toBe(400);
    const ok = await authFetch('/user', { method: 'PUT', token, body: { data: { theme: 'dark' } } });
    expect(ok.status).toBe(200);
    expect(ok.body?.user_metadata).toMatchObject({ theme: 'dark' });
  });

  it('is bounded (4 KB of JSON, merged): 900 KB is refused with 400 and later tokens stay small', async () => {
    const user = await signedInClient('none');
    const token = await tokenOf(user.client);
    const huge = await authFetch('/user', { method: 'PUT', token, body: { data: { blob: 'x'.repeat(900_000) } } });
    expect(huge.status).toBe(400);
    expect(huge.body?.code).toBe('validation_failed');
    // Two updates that each fit but together do not: the second is refused.
    expect((await authFetch('/user', { method: 'PUT', token, body: { data: { a: 'x'.repeat(3000) } } })).status).toBe(
      200,
    );
    expect((await authFetch('/user', { method: 'PUT', token, body: { data: { b: 'x'.repeat(3000) } } })).status).toBe(
      400,
    );
    const admin = await serviceClient().auth.admin.updateUserById(user.id, {
      user_metadata: { blob: 'x'.repeat(900_000) },
    });
    expect(admin.error?.status).toBe(400);
    // The account still works: a new session's token is small enough for any proxy's header limit.
    const fresh = await passwordGrant(user.email, user.password);
    expect(fresh.status).toBe(200);
    expect(String(fresh.body?.access_token).length).toBeLessThan(8000);
    expect((await authFetch('/user', { token: String(fresh.body?.access_token) })).status).toBe(200);
  });
});

describe('refresh-token reuse', () => {
  it('revokes every refresh token of the session when a rotated one is used again', async () => {
    const user = await signedInClient('none');
    const first = (await user.client.auth.getSession()).data.session!;
    const second = await refreshGrant(first.refresh_token);
    expect(second.status).toBe(200);
    const current = String(second.body?.refresh_token);

    // Someone replays the rotated token: refused, and the session's current token is revoked with it.
    const replay = await refreshGrant(first.refresh_token);
    expect(replay.status).toBe(400);
    expect(replay.body?.code).toBe('refresh_token_already_used');
    const next = await refreshGrant(current);
    expect(next.status).toBe(400);
    expect(next.body?.code).toBe('refresh_token_already_used');
    const sessionId = JSON.parse(Buffer.from(first.access_token.split('.')[1], 'base64url').toString()).session_id;
    const live = await db.query('select count(*) from auth.refresh_tokens where session_id = $1 and not revoked', [
      sessionId,
    ]);
    expect(Number(live.rows[0].count)).toBe(0);

    // Another session of the same user is not touched.
    const other = await passwordGrant(user.email, user.password);
    expect((await refreshGrant(String(other.body?.refresh_token))).status).toBe(200);
  });
});

describe('the publish functions', () => {
  it('refuse the access token of a session that has been signed out, as the production function does', async () => {
    const s = stackInfo();
    const requests: unknown[] = [];
    const publisher = {
      request: async (r: unknown) => {
        requests.push(r);
        return { build: { id: requests.length }, coalesced: false };
      },
    } as unknown as Parameters<typeof createPublishHandler>[0];
    const handler = createPublishHandler(publisher, { supabaseUrl: s.url, anonKey: s.anonKey });
    const admin = await signedInClient('admin');
    const token = await tokenOf(admin.client);
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
    const call = () => handler({ method: 'POST', headers: {}, body: Buffer.from('{}'), claims, token });

    expect((await call()).status).toBe(202);
    expect(requests).toHaveLength(1);

    expect((await admin.client.auth.signOut()).error).toBeNull();
    // The token is still signed and unexpired, but its session is gone.
    const after = await call();
    expect(after).toEqual({ status: 401, body: { error: 'Sign in as an admin to publish the site.' } });
    expect(requests).toHaveLength(1);
  });
});
