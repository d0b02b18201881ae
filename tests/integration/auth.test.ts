/**
 * Auth through unmodified supabase-js against the local stack's /auth/v1, checked against GoTrue's behaviour
 * (status codes, error codes and messages, refresh-token rotation, sign-out scopes), plus the gateway's edge:
 * API keys, CORS and unknown functions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anonClient,
  authFetch,
  dbClient,
  serviceClient,
  signedInClient,
  stackInfo,
  uniqueEmail,
} from '../helpers/supabase';

const refreshGrant = (refreshToken: string) =>
  authFetch('/token?grant_type=refresh_token', { method: 'POST', body: { refresh_token: refreshToken } });

const db = dbClient();
beforeAll(() => db.connect());
afterAll(() => db.end());

const usersWithEmail = async (email: string) =>
  Number((await db.query('select count(*) as n from auth.users where lower(email) = lower($1)', [email])).rows[0].n);

describe('auth through supabase-js', () => {
  it('signs in a user created through the admin API and returns a session that lives longer than 90 s', async () => {
    const admin = await signedInClient('admin');
    const client = anonClient();
    const { data, error } = await client.auth.signInWithPassword({ email: admin.email, password: admin.password });
    expect(error).toBeNull();
    expect(data.user?.id).toBe(admin.id);
    expect(data.user?.email).toBe(admin.email);
    expect(data.session?.access_token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(data.session?.refresh_token).toBeTruthy();
    expect(data.session?.token_type).toBe('bearer');
    // auth-js refreshes tokens with less than 90 s left: a shorter lifetime would refresh on every call.
    expect(data.session?.expires_in).toBeGreaterThan(90);
    const claims = JSON.parse(Buffer.from(data.session!.access_token.split('.')[1], 'base64url').toString('utf8'));
    expect(claims).toMatchObject({ sub: admin.id, role: 'authenticated', aud: 'authenticated', email: admin.email });
    expect(claims.session_id).toBeTruthy();
  });

  it('refuses a wrong password with 400 invalid_credentials "Invalid login credentials"', async () => {
    const user = await signedInClient('none');
    const { data, error } = await anonClient().auth.signInWithPassword({
      email: user.email,
      password: `${user.password}-wrong`,
    });
    expect(data.session).toBeNull();
    expect(error).not.toBeNull();
    expect(error?.status).toBe(400);
    expect(error?.code).toBe('invalid_credentials');
    expect(error?.message).toBe('Invalid login credentials');
  });

  it('answers an unknown email exactly like a wrong password (no account enumeration)', async () => {
    const { data, error } = await anonClient().auth.signInWithPassword({
      email: uniqueEmail('nobody'),
      password: 'whatever-password-1',
    });
    expect(data.session).toBeNull();
    expect(error?.status).toBe(400);
    expect(error?.code).toBe('invalid_credentials');
    expect(error?.message).toBe('Invalid login credentials');
  });

  it('signs up with username and full name: a profile row with those values and a session', async () => {
    const email = uniqueEmail('signup');
    const username = `guest_${Date.now()}`;
    const client = anonClient();
    const { data, error } = await client.auth.signUp({
      email,
      password: 'a-long-enough-password',
      options: {
        data: { username, full_name: 'Pema Lhamo Sherpa' },
        emailRedirectTo: 'http://localhost:4321/admin/',
      },
    });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.user_metadata).toMatchObject({ username, full_name: 'Pema Lhamo Sherpa' });
    expect(data.session?.access_token).toBeTruthy();
    expect(data.session?.user.id).toBe(data.user?.id);

    const { data: profile, error: readError } = await serviceClient()
      .from('profiles')
      .select('id, username, full_name')
      .eq('id', data.user!.id)
      .single();
    expect(readError).toBeNull();
    expect(profile).toEqual({ id: data.user!.id, username, full_name: 'Pema Lhamo Sherpa' });

    // The new session is live: the user reads its own profile through RLS.
    const own = await client.from('profiles').select('username').eq('id', data.user!.id);
    expect(own.error).toBeNull();
    expect(own.data).toEqual([{ username }]);
  });

  it('refuses to sign up the same email twice with user_already_exists, keeping one account', async () => {
    const email = uniqueEmail('twice');
    const first = await anonClient().auth.signUp({ email, password: 'first-password-123' });
    expect(first.error).toBeNull();
    const second = await anonClient().auth.signUp({ email: email.toUpperCase(), password: 'second-password-123' });
    expect(second.error).not.toBeNull();
    expect(second.error?.code).toBe('user_already_exists');
    expect(second.error?.status).toBe(422);
    expect(second.data.session).toBeNull();
    expect(await usersWithEmail(email)).toBe(1);
    // The first password still works: the failed sign-up changed nothing.
    const signIn = await anonClient().auth.signInWithPassword({ email, password: 'first-password-123' });
    expect(signIn.error).toBeNull();
  });

  it('refuses a too-short password with weak_password and creates no account', async () => {
    const email = uniqueEmail('weak');
    const { data, error } = await anonClient().auth.signUp({ email, password: '12345' });
    expect(error).not.toBeNull();
    expect(error?.code).toBe('weak_password');
    expect(error?.status).toBe(422);
    expect(data.session).toBeNull();
    expect(await usersWithEmail(email)).toBe(0);
  });

  it('rotates refresh tokens: refreshSession gives new tokens and the old refresh token is refused', async () => {
    const { client } = await signedInClient('none');
    const before = (await client.auth.getSession()).data.session!;
    expect(before).toBeTruthy();
    const { data, error } = await client.auth.refreshSession();
    expect(error).toBeNull();
    const after = data.session!;
    expect(after.access_token).toBeTruthy();
    expect(after.refresh_token).toBeTruthy();
    expect(after.access_token).not.toBe(before.access_token);
    expect(after.refresh_token).not.toBe(before.refresh_token);
    expect(after.user.id).toBe(before.user.id);

    const unknown = await refreshGrant('not-a-refresh-token');
    expect(unknown.status).toBe(400);
    expect(unknown.body?.code).toBe('refresh_token_not_found');

    // The refreshed session works, and its refresh token is good for exactly one more rotation.
    const me = await client.auth.getUser();
    expect(me.error).toBeNull();
    expect(me.data.user?.id).toBe(before.user.id);
    const next = await refreshGrant(after.refresh_token);
    expect(next.status).toBe(200);
    expect(next.body?.refresh_token).toBeTruthy();

    // A rotated token used again is refused (and, as in GoTrue, revokes the session's refresh tokens:
    // auth-hardening.test.ts checks that part).
    const reuse = await refreshGrant(before.refresh_token);
    expect(reuse.status).toBe(400);
    expect(reuse.body?.code).toBe('refresh_token_already_used');
    expect((await refreshGrant(after.refresh_token)).status).toBe(400);
  });

  it('getUser() returns the user of a fresh session', async () => {
    const user = await signedInClient('none');
    const { data, error } = await user.client.auth.getUser();
    expect(error).toBeNull();
    expect(data.user?.id).toBe(user.id);
    expect(data.user?.email).toBe(user.email);
    expect(data.user?.role).toBe('authenticated');
  });

  it('a global signOut() ends every session of the user, also the one in another client', async () => {
    const user = await signedInClient('none');
    const other = anonClient();
    const signIn = await other.auth.signInWithPassword({ email: user.email, password: user.password });
    expect(signIn.error).toBeNull();
    const otherSession = signIn.data.session!;
    const firstSession = (await user.client.auth.getSession()).data.session!;
    expect((await other.auth.getUser()).error).toBeNull();

    const { error } = await user.client.auth.signOut();
    expect(error).toBeNull();
    expect((await user.client.auth.getSession()).data.session).toBeNull();

    // The other client's session is gone on the server: its still-unexpired access token no longer works...
    const otherUser = await other.auth.getUser();
    expect(otherUser.error).not.toBeNull();
    expect(otherUser.data.user).toBeNull();
    const raw = await authFetch('/user', { token: otherSession.access_token });
    expect(raw.status).toBe(403);
    expect(raw.body?.code).toBe('session_not_found');
    expect((await authFetch('/user', { token: firstSession.access_token })).status).toBe(403);
    // ...and neither does its refresh token.
    const refreshed = await other.auth.refreshSession({ refresh_token: otherSession.refresh_token });
    expect(refreshed.error).not.toBeNull();
    expect(refreshed.data.session).toBeNull();
    expect((await refreshGrant(otherSession.refresh_token)).status).toBe(400);
    expect((await refreshGrant(firstSession.refresh_token)).status).toBe(400);
    const sessions = await db.query('select count(*) as n from auth.sessions where user_id = $1', [user.id]);
    expect(Number(sessions.rows[0].n)).toBe(0);
  });

  it("signOut({ scope: 'local' }) ends only that session", async () => {
    const user = await signedInClient('none');
    const other = anonClient();
    expect((await other.auth.signInWithPassword({ email: user.email, password: user.password })).error).toBeNull();
    const localSession = (await user.client.auth.getSession()).data.session!;

    const { error } = await user.client.auth.signOut({ scope: 'local' });
    expect(error).toBeNull();
    const ended = await authFetch('/user', { token: localSession.access_token });
    expect(ended.status).toBe(403);
    expect((await refreshGrant(localSession.refresh_token)).status).toBe(400);

    const stillIn = await other.auth.getUser();
    expect(stillIn.error).toBeNull();
    expect(stillIn.data.user?.id).toBe(user.id);
    const refreshed = await other.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session?.user.id).toBe(user.id);
  });

  it('refuses the admin user API to the anon key with 403 and creates nothing', async () => {
    const email = uniqueEmail('sneaky');
    const anon = anonClient();
    const list = await anon.auth.admin.listUsers();
    expect(list.error?.status).toBe(403);
    const created = await anon.auth.admin.createUser({ email, password: 'password-123456', email_confirm: true });
    expect(created.error?.status).toBe(403);
    expect(created.data.user).toBeNull();
    expect(await usersWithEmail(email)).toBe(0);
    // The service role is allowed (the control for the two refusals above).
    const allowed = await serviceClient().auth.admin.listUsers({ page: 1, perPage: 1 });
    expect(allowed.error).toBeNull();
    expect(allowed.data.users.length).toBe(1);
  });

  it('answers /rest/v1 without an API key with 401 "No API key found in request"', async () => {
    const res = await fetch(`${stackInfo().url}/rest/v1/categories?select=slug`);
    expect(res.status).toBe(401);
    expect((await res.json()).message).toBe('No API key found in request');
  });

  it('answers /rest/v1 with a wrong API key with 401 "Invalid API key"', async () => {
    const s = stackInfo();
    // A well-formed key signed with another project's secret.
    const [header, payload] = s.anonKey.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(43)}`;
    for (const key of ['not-a-key', forged]) {
      const res = await fetch(`${s.url}/rest/v1/categories?select=slug`, { headers: { apikey: key } });
      expect(res.status).toBe(401);
      expect((await res.json()).message).toBe('Invalid API key');
    }
  });

  it('answers a CORS preflight with 204 reflecting the Origin', async () => {
    const origin = 'https://boudha-mandala.example';
    const res = await fetch(`${stackInfo().url}/rest/v1/categories?select=slug`, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'apikey, authorization, x-client-info',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(origin);
    expect(res.headers.get('access-control-allow-methods')).toMatch(/\bGET\b/);
    expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('apikey');
  });

  it('exposes Content-Range to the browser on /rest/v1 reads, with the count supabase-js asks for', async () => {
    const s = stackInfo();
    const origin = 'http://localhost:4321';
    const res = await fetch(`${s.url}/rest/v1/categories?select=slug`, {
      headers: { origin, apikey: s.anonKey, prefer: 'count=exact' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(origin);
    const exposed = (res.headers.get('access-control-expose-headers') ?? '').toLowerCase().split(/\s*,\s*/);
    expect(exposed).toContain('content-range');
    const rows = (await res.json()) as unknown[];
    expect(rows.length).toBeGreaterThan(0);
    expect(res.headers.get('content-range')).toBe(`0-${rows.length - 1}/${rows.length}`);

    const { count, error } = await anonClient().from('categories').select('*', { count: 'exact', head: true });
    expect(error).toBeNull();
    expect(count).toBe(rows.length);
  });

  it('answers /functions/v1/<unknown name> with 404', async () => {
    const s = stackInfo();
    const res = await fetch(`${s.url}/functions/v1/unknown-name`, {
      method: 'POST',
      headers: { apikey: s.anonKey, authorization: `Bearer ${s.anonKey}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(404);
    await res.body?.cancel();

    const { data, error } = await anonClient().functions.invoke('unknown-name', { body: {} });
    expect(data).toBeNull();
    expect(error?.name).toBe('FunctionsHttpError');
    expect((error as { context?: Response }).context?.status).toBe(404);
  });
});

describe('the gateway’s routes (Hono, #27)', () => {
  it('answers a path with a trailing slash as without one, as before', async () => {
    expect((await authFetch('/health/')).status).toBe(200);
    expect((await authFetch('/settings/')).status).toBe(200);
  });

  it('answers a service it does not know with 404, whatever it starts with', async () => {
    const { url, anonKey } = stackInfo();
    for (const path of ['/restx/v1/categories', '/xauth/v1/health', '/nope']) {
      const res = await fetch(`${url}${path}`, { headers: { apikey: anonKey } });
      expect(res.status, path).toBe(404);
      expect(await res.json(), path).toEqual({ message: 'no Route matched with those values' });
    }
  });
});
