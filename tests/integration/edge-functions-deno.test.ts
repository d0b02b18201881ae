/**
 * Every Edge Function as hosted Supabase runs it: its own entry point (supabase/functions/<name>/index.ts) under real
 * Deno (the npm package `deno`, pinned to the Edge Runtime's 2.1 line), with its own deno.json, the environment the
 * platform gives a function (SUPABASE_URL, the legacy and the new keys as JSON objects) and the local stack as its
 * Supabase. The requests are the site's and the admin's: CORS preflight, the anon key alone, a user without a role,
 * an admin, a secret key, the legacy service_role key, bad input, a plain form post (303), a flood (429). The build
 * hook is the one outside service here: a recording stand-in for a host's build hook, on 127.0.0.1.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkFunction, functionNames, serveFunction } from '@boudha/local-supabase/deno';
import { PROJECT_ROOT } from '@boudha/local-supabase/config';
import { GUEST_LIMITS, GUEST_MESSAGES } from '../../supabase/functions/_shared/guest-messages.js';
import { NOT_FOUND_LIMITS } from '../../supabase/functions/not-found/not-found.js';
import { dbClient, serviceClient, signedInClient, stackInfo } from '../helpers/supabase';

const SITE = 'http://localhost:4321';
type Served = Awaited<ReturnType<typeof serveFunction>>;
const served: Record<string, Served> = {};
let hook: http.Server;
let hookCalls: Array<{ method: string; body: string }> = [];
let hookStatus = 200;
const db = dbClient();

beforeAll(async () => {
  await db.connect();
  hook = http.createServer((req, res) => {
    let body = '';
    req.on('data', (b) => (body += b));
    req.on('end', () => {
      hookCalls.push({ method: req.method ?? '', body });
      res.writeHead(hookStatus, { 'content-type': 'text/plain' }).end(hookStatus === 200 ? 'ok' : 'hook refused');
    });
  });
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  const s = stackInfo();
  // What the platform sets for every function, and this project's secrets (docs/deploy.md, section 10).
  const env = {
    SUPABASE_URL: s.url,
    SUPABASE_ANON_KEY: s.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: s.serviceRoleKey,
    SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: s.publishableKey }),
    SUPABASE_SECRET_KEYS: JSON.stringify({ default: s.secretKey }),
    BUILD_HOOK_URL: `http://127.0.0.1:${(hook.address() as AddressInfo).port}/build-hook`,
    SITE_URL: SITE,
  };
  const names = functionNames();
  for (const name of names) served[name] = await serveFunction(name, env);
}, 180_000);

afterAll(async () => {
  await Promise.all(Object.values(served).map((f) => f.stop()));
  await new Promise((resolve) => hook?.close(resolve));
  await db.end();
});

beforeEach(async () => {
  hookCalls = [];
  hookStatus = 200;
  // A build already queued absorbs a request (coalescing): each test starts with none waiting.
  await db.query(
    `update public.site_builds set status = 'failed', error = 'test' where status in ('queued', 'building')`,
  );
});

const call = (name: string, init: RequestInit = {}) =>
  fetch(`${served[name].url}/`, { method: 'POST', redirect: 'manual', ...init });

describe('type checks', () => {
  it('finds the five functions', () => {
    expect(functionNames()).toEqual(['contact', 'generate-sitemap', 'not-found', 'rebuild-site', 'subscribe']);
  });

  it.each(['contact', 'generate-sitemap', 'not-found', 'rebuild-site', 'subscribe'])(
    '%s type-checks under Deno with its own deno.json',
    async (name) => {
      const { code, output } = await checkFunction(name);
      expect(output).not.toMatch(/error/i);
      expect(code).toBe(0);
    },
    120_000,
  );

  it("pins supabase-js to package.json's version in every import", async () => {
    const pkg = JSON.parse(await readFile(path.join(PROJECT_ROOT, 'package.json'), 'utf8'));
    const version = pkg.dependencies['@supabase/supabase-js'];
    const files = [
      ...functionNames().map((n) => `supabase/functions/${n}/deno.json`),
      'supabase/functions/_shared/serve.ts',
      'supabase/functions/_shared/serve-guest.ts',
      'supabase/functions/not-found/index.ts',
    ];
    for (const file of files) {
      const text = await readFile(path.join(PROJECT_ROOT, file), 'utf8');
      const pins = [...text.matchAll(/npm:@supabase\/supabase-js@([^/'"\s]+)/g)].map((m) => m[1]);
      expect(pins.length, file).toBeGreaterThan(0);
      for (const pin of pins) expect(pin, file).toBe(version);
    }
  });
});

describe.each(['rebuild-site', 'generate-sitemap'])('%s under Deno', (name) => {
  const s = () => stackInfo();

  it('answers the browser’s CORS preflight with the headers supabase-js sends', async () => {
    const res = await call(name, {
      method: 'OPTIONS',
      headers: { origin: SITE, 'access-control-request-method': 'POST' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods')).toBe('POST, OPTIONS');
    const allowed = (res.headers.get('access-control-allow-headers') ?? '').toLowerCase();
    for (const h of ['authorization', 'apikey', 'content-type', 'x-client-info']) expect(allowed).toContain(h);
  });

  it('refuses the public key alone (401) and a user without a role (403), asking for no build', async () => {
    const anon = await call(name, { headers: { apikey: s().publishableKey } });
    expect(anon.status).toBe(401);
    expect(await anon.json()).toEqual({ error: 'Sign in as an admin to publish the site.' });
    const legacyAnon = await call(name, { headers: { authorization: `Bearer ${s().anonKey}` } });
    expect(legacyAnon.status).toBe(401);
    const { client } = await signedInClient('none');
    const token = (await client.auth.getSession()).data.session!.access_token;
    const user = await call(name, { headers: { authorization: `Bearer ${token}`, apikey: s().publishableKey } });
    expect(user.status).toBe(403);
    expect(await user.json()).toEqual({ error: 'Only admins can publish the site.' });
    expect(hookCalls).toEqual([]);
  });

  it('queues a build for an admin and calls the build hook once; a second request joins it', async () => {
    const { client, id } = await signedInClient('admin');
    const token = (await client.auth.getSession()).data.session!.access_token;
    const headers = {
      authorization: `Bearer ${token}`,
      apikey: s().publishableKey,
      'content-type': 'application/json',
    };
    const first = await call(name, { headers, body: '{}' });
    expect(first.status).toBe(202);
    const body = await first.json();
    expect(body.coalesced).toBe(false);
    const second = await call(name, { headers, body: '{}' });
    expect(second.status).toBe(202);
    expect(await second.json()).toMatchObject({ coalesced: true, build: { id: body.build.id } });
    expect(hookCalls).toHaveLength(1);
    const { data: row } = await serviceClient().from('site_builds').select('*').eq('id', body.build.id).single();
    expect(row).toMatchObject({ status: 'queued', trigger: 'admin', requested_by: id });
  });

  it('takes a secret key (apikey header) and the legacy service_role key (bearer) as the command line', async () => {
    const secret = await call(name, { headers: { apikey: s().secretKey } });
    expect(secret.status).toBe(202);
    const first = await secret.json();
    const { data: row } = await serviceClient().from('site_builds').select('trigger').eq('id', first.build.id).single();
    expect(row?.trigger).toBe('cli');
    await db.query(`update public.site_builds set status = 'failed' where id = $1`, [first.build.id]);
    const legacy = await call(name, { headers: { authorization: `Bearer ${s().serviceRoleKey}` } });
    expect(legacy.status).toBe(202);
    expect((await legacy.json()).build.id).not.toBe(first.build.id);
    expect(hookCalls).toHaveLength(2);
  });

  it('refuses GET, and records a build the hook refused as failed with its answer', async () => {
    expect((await call(name, { method: 'GET', headers: { apikey: s().secretKey } })).status).toBe(405);
    hookStatus = 500;
    const res = await call(name, { headers: { apikey: s().secretKey } });
    expect(res.status).toBe(502);
    const body = await res.json();
    expect(body.error).toBe('The build hook answered 500: hook refused');
    const { data: row } = await serviceClient()
      .from('site_builds')
      .select('status, error')
      .eq('id', body.build.id)
      .single();
    expect(row).toEqual({ status: 'failed', error: 'The build hook answered 500: hook refused' });
  });
});

describe('contact and subscribe under Deno', () => {
  // Each test comes from addresses of its own (the platform's cf-connecting-ip), so the per-IP counts never meet.
  const ip = () => `203.0.113.${Math.floor(Math.random() * 250) + 1}`;
  const mark = () => `deno-${randomUUID().slice(0, 8)}`;
  const fields = (m: string, extra: Record<string, string> = {}) => ({
    first_name: 'Pema',
    last_name: 'Sherpa',
    email: `${m}@mail.example`,
    phone: '',
    subject: m,
    message: 'Do you have a stupa-view room free in March?',
    website: '',
    return_to: '/contact/',
    ...extra,
  });
  beforeEach(async () => {
    await db.query('delete from public.guest_message_attempts');
  });

  it.each(['contact', 'subscribe'])('%s answers the CORS preflight', async (name) => {
    const res = await call(name, {
      method: 'OPTIONS',
      headers: { origin: SITE, 'access-control-request-method': 'POST' },
    });
    expect(res.status).toBeLessThan(300);
    expect(res.headers.get('access-control-allow-origin')).toBeTruthy();
  });

  it('stores a message sent by the island (JSON answer) with the service role', async () => {
    const m = mark();
    const res = await call('contact', {
      headers: { accept: 'application/json', 'cf-connecting-ip': ip() },
      body: new URLSearchParams(fields(m)),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true, message: GUEST_MESSAGES.contact.sent });
    const { data } = await serviceClient().from('contact_submissions').select('email, subject').eq('subject', m);
    expect(data).toEqual([{ email: `${m}@mail.example`, subject: m }]);
  });

  it('sends a plain form post on with a 303, to /thank-you/ or back to the form with the error', async () => {
    const m = mark();
    const ok = await call('contact', {
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', 'cf-connecting-ip': ip() },
      body: new URLSearchParams(fields(m)),
    });
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toBe(`${SITE}/thank-you/`);
    const bad = await call('contact', {
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', 'cf-connecting-ip': ip() },
      body: new URLSearchParams(fields(mark(), { email: 'not an address' })),
    });
    expect(bad.status).toBe(303);
    expect(bad.headers.get('location')).toBe(`${SITE}/contact/?error=invalid&field=email#contact-error-email`);
    const sub = await call('subscribe', {
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', 'cf-connecting-ip': ip() },
      body: new URLSearchParams({ email: `${mark()}@mail.example`, website: '', return_to: '/' }),
    });
    expect(sub.status).toBe(303);
    expect(sub.headers.get('location')).toBe(`${SITE}/thank-you/#subscribed`);
  });

  it('answers bad input with the field’s message and stores nothing', async () => {
    const m = mark();
    const res = await call('contact', {
      headers: { accept: 'application/json', 'cf-connecting-ip': ip() },
      body: new URLSearchParams(fields(m, { first_name: '' })),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ ok: false, message: GUEST_MESSAGES.contact.first_name });
    const sub = await call('subscribe', {
      headers: { accept: 'application/json', 'content-type': 'application/json', 'cf-connecting-ip': ip() },
      body: JSON.stringify([{ email: 'a@b.example' }, { email: 'c@d.example' }]),
    });
    expect(sub.status).toBe(400);
    const { data } = await serviceClient().from('contact_submissions').select('id').eq('subject', m);
    expect(data).toEqual([]);
  });

  it('works on a project with the legacy keys only, and says so when it has no service key at all', async () => {
    const s = stackInfo();
    const base = { SUPABASE_URL: s.url, SUPABASE_ANON_KEY: s.anonKey, SITE_URL: SITE };
    const legacy = await serveFunction('contact', { ...base, SUPABASE_SERVICE_ROLE_KEY: s.serviceRoleKey });
    const none = await serveFunction('contact', base);
    try {
      const m = mark();
      const res = await fetch(legacy.url, {
        method: 'POST',
        headers: { accept: 'application/json', 'cf-connecting-ip': ip() },
        body: new URLSearchParams(fields(m)),
      });
      expect(res.status).toBe(200);
      const { data } = await serviceClient().from('contact_submissions').select('subject').eq('subject', m);
      expect(data).toEqual([{ subject: m }]);
      const refused = await fetch(none.url, {
        method: 'POST',
        headers: { accept: 'application/json', 'cf-connecting-ip': ip() },
        body: new URLSearchParams(fields(mark())),
      });
      expect(refused.status).toBe(500);
      expect(await refused.json()).toMatchObject({ message: 'This function is not configured.' });
      expect(none.output()).toContain('[contact] no service key (SUPABASE_SECRET_KEYS or SUPABASE_SERVICE_ROLE_KEY)');
    } finally {
      await Promise.all([legacy.stop(), none.stop()]);
    }
  });

  it('limits one client address: 429 with Retry-After past the per-IP count', async () => {
    const from = ip();
    const { perIp, windowSeconds } = GUEST_LIMITS.contact;
    for (let i = 0; i < perIp; i++) {
      const res = await call('contact', {
        headers: { accept: 'application/json', 'cf-connecting-ip': from },
        body: new URLSearchParams(fields(mark())),
      });
      expect(res.status).toBe(200);
    }
    const res = await call('contact', {
      headers: { accept: 'application/json', 'cf-connecting-ip': from },
      body: new URLSearchParams(fields(mark())),
    });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe(String(windowSeconds));
    expect(await res.json()).toMatchObject({ message: GUEST_MESSAGES.contact.rate_limited });
  });
  it('never takes the client address from X-Forwarded-For, which a client writes', async () => {
    // Behind a gateway that sets x-real-ip, a client forging a new first X-Forwarded-For address each time is
    // still one address (#26); it used to escape the per-IP limit.
    const from = ip();
    const { perIp } = GUEST_LIMITS.contact;
    const statuses = [];
    for (let i = 0; i <= perIp; i++) {
      const res = await call('contact', {
        headers: { accept: 'application/json', 'x-real-ip': from, 'x-forwarded-for': `198.51.100.${i + 1}, ${from}` },
        body: new URLSearchParams(fields(mark())),
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array(perIp).fill(200), 429]);
  });

  it('with no client address header, keeps taking messages (the per-address and global limits still hold)', async () => {
    const { perIp } = GUEST_LIMITS.contact;
    for (let i = 0; i <= perIp; i++) {
      const res = await call('contact', {
        headers: { accept: 'application/json' },
        body: new URLSearchParams(fields(mark())),
      });
      expect(res.status).toBe(200);
    }
  });
});

describe('not-found under Deno', () => {
  // Addresses of its own (the platform's cf-connecting-ip), so the per-IP counts never meet the other tests'.
  const ip = () => `203.0.113.${Math.floor(Math.random() * 250) + 1}`;
  const path = () => `/deno-${randomUUID().slice(0, 8)}/`;
  const beacon = (body: string, from = ip()) =>
    call('not-found', { headers: { 'content-type': 'text/plain;charset=UTF-8', 'cf-connecting-ip': from }, body });
  const hits = async (p: string) =>
    (await db.query(`select hits, referrer_host from public.not_found_paths where path = $1`, [p])).rows;
  beforeEach(async () => {
    await db.query(`delete from public.guest_message_attempts where kind = 'not_found'`);
  });

  it('answers the CORS preflight', async () => {
    const res = await call('not-found', {
      method: 'OPTIONS',
      headers: { origin: SITE, 'access-control-request-method': 'POST' },
    });
    expect(res.status).toBeLessThan(300);
    expect(res.headers.get('access-control-allow-origin')).toBeTruthy();
  });

  it('records the 404 page’s beacon with the service role, the query dropped, the referrer’s host only', async () => {
    const p = path();
    const res = await beacon(JSON.stringify({ path: `${p}?utm_source=x`, referrer: 'https://www.google.com/search' }));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true, recorded: true });
    expect(await beacon(JSON.stringify({ path: p.slice(0, -1) }))).toHaveProperty('status', 200);
    expect(await hits(p)).toEqual([{ hits: 2, referrer_host: 'www.google.com' }]);
  });

  it('refuses a body that is not a path (400) and a flood from one address (429), storing nothing', async () => {
    const bad = await beacon('not a path');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ ok: false, error: 'not_a_path' });
    const from = ip();
    const statuses = [];
    const paths = Array.from({ length: NOT_FOUND_LIMITS.perIp + 1 }, path);
    for (const p of paths) statuses.push((await beacon(JSON.stringify({ path: p }), from)).status);
    expect(statuses).toEqual([...Array(NOT_FOUND_LIMITS.perIp).fill(200), 429]);
    expect(await hits(paths[paths.length - 1])).toEqual([]);
  });
});
