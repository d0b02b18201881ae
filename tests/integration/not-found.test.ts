/**
 * The 404 monitor (#29, D28) against the real local stack: the `not-found` function as the 404 page reaches it on
 * the gateway (public, no token: a sendBeacon), and its logic (supabase/functions/not-found/not-found.js, which the
 * Edge Function runs) called directly where a test needs many client addresses. What is checked: one row per
 * normalised path, counted; the query dropped; probes in one row; bodies that are not a path refused with nothing
 * stored; a flood refused (429) with nothing more stored; paths the site redirects not stored; only admins read,
 * ignore and delete, through the policies and grants of 20261127020000_not_found_log.sql; rows not seen for 90 days
 * purged; nothing about the visitor kept.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PROBES_PATH } from '../../src/lib/host/not-found-paths.mjs';
import {
  NOT_FOUND_LIMITS,
  NOT_FOUND_MESSAGES,
  handleNotFound,
  type NotFoundDeps,
} from '../../supabase/functions/not-found/not-found.js';
import { anonClient, dbClient, serviceClient, signedInClient, stackInfo } from '../helpers/supabase';

const db = dbClient();
const mark = (tag = 'gone') => `${tag}-${randomUUID().slice(0, 8)}`;
const fnUrl = () => `${stackInfo().url}/functions/v1/not-found`;

/** What the 404 page's beacon sends: text/plain, no token, no API key. */
const beacon = (body: string) =>
  fetch(fnUrl(), { method: 'POST', headers: { 'content-type': 'text/plain;charset=UTF-8' }, body });
const report = (path: string, referrer = '') => beacon(JSON.stringify({ path, referrer }));

async function rowOf(path: string) {
  const { rows } = await db.query(`select * from public.not_found_paths where path = $1`, [path]);
  return rows[0] as
    | { path: string; hits: number; first_seen: Date; last_seen: Date; referrer_host: string | null; ignored: boolean }
    | undefined;
}
const count = async () => Number((await db.query(`select count(*) from public.not_found_paths`)).rows[0].count);

/** The shared logic with the stack's database and a client address of the test's choosing. */
const deps = (overrides: Partial<NotFoundDeps> = {}): NotFoundDeps => ({
  db: serviceClient(),
  hashSecret: stackInfo().serviceRoleKey,
  clientIp: () => '203.0.113.1',
  ...overrides,
});
const direct = (path: string, d: NotFoundDeps) =>
  handleNotFound(new Request('http://functions.test/not-found', { method: 'POST', body: JSON.stringify({ path }) }), d);

const redirectIds: string[] = [];

beforeAll(() => db.connect());
afterAll(async () => {
  if (redirectIds.length) await db.query(`delete from public.seo_redirects where id = any($1)`, [redirectIds]);
  await db.end();
});
// Every test starts with no reports and no attempts on record: the gateway's requests all come from 127.0.0.1.
beforeEach(async () => {
  await db.query(`delete from public.not_found_paths`);
  await db.query(`delete from public.guest_message_attempts where kind = 'not_found'`);
});

describe('recording', () => {
  it('counts a path once per report, with first and last seen and the referrer’s host only', async () => {
    const path = `/${mark()}/`;
    const first = await report(path, 'www.google.com');
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ ok: true, recorded: true, message: NOT_FOUND_MESSAGES.recorded });
    const once = await rowOf(path);
    expect(once).toMatchObject({ path, hits: 1, referrer_host: 'www.google.com', ignored: false });

    await new Promise((r) => setTimeout(r, 20));
    // A whole referrer URL is cut to its host; the path alone as plain text is a report too.
    expect((await report(path, 'https://partner.example/page?id=7')).status).toBe(200);
    expect((await beacon(path)).status).toBe(200);
    const thrice = await rowOf(path);
    expect(thrice).toMatchObject({ hits: 3, referrer_host: 'partner.example' });
    expect(thrice!.first_seen).toEqual(once!.first_seen);
    expect(thrice!.last_seen.getTime()).toBeGreaterThan(once!.last_seen.getTime());
  });

  it('drops the query and the fragment, and counts /x, /x/ and /x/?q=1 as one path', async () => {
    const name = mark();
    for (const path of [`/${name}`, `/${name}/`, `/${name}/?utm_source=mail&ref=x`, `/${name}#top`])
      expect((await report(path)).status).toBe(200);
    expect(await rowOf(`/${name}/`)).toMatchObject({ hits: 4 });
    const { rows } = await db.query(`select path from public.not_found_paths`);
    expect(rows).toEqual([{ path: `/${name}/` }]);
  });

  it('counts probes in one row and never lists them', async () => {
    const probes = [
      '/wp-login.php',
      '/.env',
      '/_astro/index.abc123.js',
      '/admin/anything/',
      '/cgi-bin/x',
      '/a/.git/HEAD',
    ];
    for (const path of probes) {
      const res = await report(path, 'scanner.example');
      expect(res.status, path).toBe(200);
    }
    const { rows } = await db.query(`select path, hits, referrer_host from public.not_found_paths`);
    expect(rows).toEqual([{ path: PROBES_PATH, hits: probes.length, referrer_host: null }]);
  });

  it('keeps up with concurrent reports of one path: each is counted', async () => {
    const path = `/${mark('busy')}/`;
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => serviceClient().rpc('record_not_found', { p_path: path })),
    );
    expect(answers.map((a) => a.error)).toEqual(Array(12).fill(null));
    expect(await rowOf(path)).toMatchObject({ hits: 12 });
  });

  it('keeps nothing about the visitor: the table’s columns, and only keyed hashes for the rate limit', async () => {
    const { rows: columns } = await db.query(
      `select column_name from information_schema.columns where table_schema = 'public' and table_name = 'not_found_paths' order by 1`,
    );
    expect(columns.map((c) => c.column_name)).toEqual([
      'first_seen',
      'hits',
      'id',
      'ignored',
      'last_seen',
      'path',
      'referrer_host',
    ]);
    await fetch(fnUrl(), {
      method: 'POST',
      headers: { 'content-type': 'text/plain', 'user-agent': 'Mozilla/5.0 (Guest)', cookie: 'session=abc' },
      body: JSON.stringify({ path: `/${mark()}/`, referrer: 'https://mail.example/inbox/guest@mail.example' }),
    });
    const { rows } = await db.query(
      `select (select json_agg(n) from public.not_found_paths n) as paths,
              (select json_agg(a) from public.guest_message_attempts a where kind = 'not_found') as attempts`,
    );
    const stored = JSON.stringify(rows[0]);
    expect(stored).not.toMatch(/127\.0\.0\.1|Mozilla|session|guest@|inbox/);
    expect(rows[0].paths[0].referrer_host).toBe('mail.example');
    expect(rows[0].attempts).toHaveLength(1);
    expect(rows[0].attempts[0].ip_hash).toMatch(/^[0-9a-f]{64}$/);
    // Not a content table: the reports leave no entry in the activity log (D27).
    const logged = await db.query(`select count(*) from public.activity_log where table_name = 'not_found_paths'`);
    expect(Number(logged.rows[0].count)).toBe(0);
  });
});

describe('refusals', () => {
  it('answers bodies that are not one path with a 4xx and a clear message, storing nothing', async () => {
    const cases: Array<[RequestInit, number]> = [
      [{ body: 'hello' }, 400],
      [{ body: JSON.stringify({ path: 'old-page' }) }, 400],
      [{ body: JSON.stringify({ url: '/old-page/' }) }, 400],
      [{ body: JSON.stringify([{ path: '/a/' }, { path: '/b/' }]) }, 400],
      [{ body: JSON.stringify({ path: 42 }) }, 400],
      [{ body: JSON.stringify({ path: `/${'x'.repeat(600)}/` }) }, 400],
      [{ body: JSON.stringify({ path: `/${'x'.repeat(5000)}/` }) }, 413],
      [{ body: 'path=%2Fold%2F', headers: { 'content-type': 'application/x-www-form-urlencoded' } }, 415],
      [{ method: 'GET' }, 405],
    ];
    for (const [init, status] of cases) {
      const res = await fetch(fnUrl(), {
        method: 'POST',
        ...init,
        headers: { 'content-type': 'text/plain', ...(init.headers as Record<string, string>) },
      });
      expect(res.status, String(init.body ?? init.method)).toBe(status);
      const body = await res.json();
      expect(body.ok).toBe(false);
      expect(body.message).toEqual(expect.any(String));
    }
    const notAPath = await beacon('hello');
    expect(await notAPath.json()).toMatchObject({ error: 'not_a_path', message: expect.stringContaining('"path"') });
    expect(await count()).toBe(0);
    // Refused bodies take no slot of the rate limit either.
    const { rows } = await db.query(`select count(*) from public.guest_message_attempts where kind = 'not_found'`);
    expect(Number(rows[0].count)).toBe(0);
  });

  it('answers a flood from one address with 429 and Retry-After, and stores nothing more', async () => {
    const { perIp, windowSeconds } = NOT_FOUND_LIMITS;
    const paths = Array.from({ length: perIp + 3 }, () => `/${mark('flood')}/`);
    const statuses = [];
    for (const path of paths) statuses.push((await report(path)).status);
    expect(statuses).toEqual([...Array(perIp).fill(200), 429, 429, 429]);
    const refused = await report(`/${mark('flood')}/`);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe(String(windowSeconds));
    expect(await refused.json()).toMatchObject({ ok: false, error: 'rate_limited' });
    expect(await count()).toBe(perIp);
    for (const path of paths.slice(perIp)) expect(await rowOf(path)).toBeUndefined();
  });

  it('limits one path from many addresses, and all reports past the ceiling', async () => {
    const path = `/${mark('spread')}/`;
    const perPath = deps({ limits: { perPath: 3 } });
    const statuses = [];
    for (let i = 1; i <= 4; i++)
      statuses.push((await direct(path, { ...perPath, clientIp: () => `198.51.100.${i}` })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(await rowOf(path)).toMatchObject({ hits: 3 });

    await db.query(`delete from public.guest_message_attempts where kind = 'not_found'`);
    // The ceiling (the claim's hard one, 20 times its rate): 40 here, from as many addresses.
    const ceiling = deps({ limits: { ceiling: 40 } });
    const answers = [];
    for (let i = 0; i < 41; i++)
      answers.push((await direct(`/${mark('many')}/`, { ...ceiling, clientIp: () => `192.0.2.${i}` })).status);
    expect(answers).toEqual([...Array(40).fill(200), 429]);
  });
});

describe('redirects', () => {
  async function redirect(from_url: string, to_url: string, is_active = true) {
    const { data, error } = await serviceClient()
      .from('seo_redirects')
      .insert({ from_url, to_url, is_active })
      .select('id')
      .single();
    if (error) throw error;
    redirectIds.push(data.id);
  }

  it('stores no path the site redirects anyway: an active rule, a splat, a routing alias; an inactive one counts', async () => {
    const old = `/${mark('old')}/`;
    const section = mark('section');
    const off = `/${mark('off')}/`;
    await redirect(old, '/blog/');
    await redirect(`/${section}/*`, '/blog/:splat');
    await redirect(off, '/about/', false);
    for (const path of [old, old.slice(0, -1), `${old}?x=1`, `/${section}/a/b/`, '/home/']) {
      const res = await report(path);
      expect(res.status, path).toBe(200);
      expect(await res.json(), path).toEqual({ ok: true, recorded: false, message: NOT_FOUND_MESSAGES.redirected });
    }
    expect(await count()).toBe(0);
    expect(await (await report(off)).json()).toMatchObject({ recorded: true });
    expect(await rowOf(off)).toMatchObject({ hits: 1 });
  });
});

describe('who reaches the list', () => {
  it('lets neither visitors nor signed-in users without the admin role read, change or record anything', async () => {
    const path = `/${mark()}/`;
    await report(path);
    const anon = anonClient();
    const { client: user } = await signedInClient('none');

    expect((await anon.from('not_found_paths').select('id')).error?.code).toBe('42501');
    expect((await anon.from('not_found_paths').update({ ignored: true }).eq('path', path)).error?.code).toBe('42501');
    expect((await anon.from('not_found_paths').delete().eq('path', path)).error?.code).toBe('42501');
    expect((await user.from('not_found_paths').select('id')).data).toEqual([]);
    expect((await user.from('not_found_paths').update({ ignored: true }).eq('path', path).select('id')).data).toEqual(
      [],
    );
    await user.from('not_found_paths').delete().eq('path', path);
    for (const client of [anon, user]) {
      const { error } = await client.rpc('record_not_found', { p_path: `/${mark('forged')}/` });
      expect(error?.code).toBe('42501');
      const insert = await client.from('not_found_paths').insert({ path: `/${mark('forged')}/` });
      expect(insert.error?.code).toBe('42501');
    }
    expect(await rowOf(path)).toMatchObject({ hits: 1, ignored: false });
    expect(await count()).toBe(1);
  });

  it('lets an admin read the list most hit first, ignore a path (and nothing else), and delete one', async () => {
    const busy = `/${mark('busy')}/`;
    const quiet = `/${mark('quiet')}/`;
    await report(busy, 'www.bing.com');
    await report(busy);
    await report(quiet);
    const { client: admin } = await signedInClient('admin');

    const { data, error } = await admin.from('not_found_paths').select().order('hits', { ascending: false });
    expect(error).toBeNull();
    expect(data?.map((r) => [r.path, r.hits, r.referrer_host])).toEqual([
      [busy, 2, 'www.bing.com'],
      [quiet, 1, null],
    ]);

    const ignored = await admin.from('not_found_paths').update({ ignored: true }).eq('path', quiet).select('ignored');
    expect(ignored.data).toEqual([{ ignored: true }]);
    expect(await rowOf(quiet)).toMatchObject({ ignored: true });
    // The count and the dates are the function's: an admin changes only `ignored`.
    const forged = await admin.from('not_found_paths').update({ hits: 999 }).eq('path', busy);
    expect(forged.error?.code).toBe('42501');
    expect((await admin.from('not_found_paths').insert({ path: `/${mark('forged')}/` })).error?.code).toBe('42501');
    expect((await admin.rpc('record_not_found', { p_path: busy })).error?.code).toBe('42501');
    expect(await rowOf(busy)).toMatchObject({ hits: 2 });

    // An ignored path keeps being counted (and stays ignored).
    await report(quiet);
    expect(await rowOf(quiet)).toMatchObject({ hits: 2, ignored: true });

    expect((await admin.from('not_found_paths').delete().eq('path', busy)).error).toBeNull();
    expect(await rowOf(busy)).toBeUndefined();
  });
});

describe('the purge', () => {
  it('removes rows last seen more than 90 days ago when the next report comes in', async () => {
    const old = `/${mark('old')}/`;
    const recent = `/${mark('recent')}/`;
    await db.query(
      `insert into public.not_found_paths (path, hits, first_seen, last_seen, ignored) values
         ($1, 5, now() - interval '200 days', now() - interval '91 days', false),
         ($2, 5, now() - interval '200 days', now() - interval '89 days', true),
         ('(probes)', 9, now() - interval '120 days', now() - interval '100 days', false)`,
      [old, recent],
    );
    expect(await count()).toBe(3);
    expect((await report(`/${mark()}/`)).status).toBe(200);
    expect(await rowOf(old)).toBeUndefined();
    expect(await rowOf(PROBES_PATH)).toBeUndefined();
    expect(await rowOf(recent)).toMatchObject({ hits: 5, ignored: true });
    expect(await count()).toBe(2);
  });

  it('refuses what is not a path in the database too (the function’s bound, for any service-role caller)', async () => {
    for (const p_path of ['relative', '', `/${'x'.repeat(600)}`]) {
      const { error } = await serviceClient().rpc('record_not_found', { p_path });
      expect(error?.code, p_path).toBe('22023');
    }
    const { error } = await serviceClient().from('not_found_paths').insert({ path: '/with space/' });
    expect(error?.code).toBe('23514');
    expect(await count()).toBe(0);
  });
});
