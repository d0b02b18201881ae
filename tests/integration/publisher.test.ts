/**
 * The publisher against a real stack of its own (its functions live in the gateway's process): builds on request
 * through rebuild-site, coalescing, refusals, a failing build that keeps the live site, restart recovery, and a
 * scheduled post that goes live at its time. Every build here is a real `astro build`.
 */
import { randomUUID } from 'node:crypto';
import { readFile, readdir, readlink } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/lib/supabase/database.types';
import { PROJECT_ROOT } from '@boudha/local-supabase/config';
import { resetDataDir, startStack, type Stack } from '@boudha/local-supabase/stack';
import { createPublisher } from '@boudha/publisher/publisher';
import { attachPublisher } from '@boudha/publisher/functions';
import { createSiteServer } from '@boudha/publisher/site-server';
import { upsertStaffUser } from '../../scripts/lib/staff.mjs';

const PORTS = { apiPort: 25361, dbPort: 25362 };
const dataDir = path.join(PROJECT_ROOT, `.data/test-publisher-${PORTS.apiPort}`);
const noSession = { auth: { persistSession: false, autoRefreshToken: false } };

let stack: Stack;
let publisher: ReturnType<typeof createPublisher>;
let server: Server;
let base = '';
/** Set to make the next builds read from a database that does not answer. */
let buildEnv: Record<string, string> = {};
const logs: string[] = [];

const service = () =>
  createClient<Database>(stack.env.PUBLIC_SUPABASE_URL, stack.env.SUPABASE_SERVICE_ROLE_KEY, noSession);

async function signedIn(role: 'admin' | 'none') {
  const email = `${role}-${randomUUID().slice(0, 8)}@test.example`;
  const password = `pw-${randomUUID()}`;
  await upsertStaffUser({
    url: stack.env.PUBLIC_SUPABASE_URL,
    serviceRoleKey: stack.env.SUPABASE_SERVICE_ROLE_KEY,
    email,
    password,
    role,
  });
  const client = createClient<Database>(stack.env.PUBLIC_SUPABASE_URL, stack.env.PUBLIC_SUPABASE_ANON_KEY, noSession);
  const { error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw error;
  return client;
}

const builds = async () => {
  const { data, error } = await service().from('site_builds').select().order('id');
  if (error) throw error;
  return data;
};

async function rebuild(client: ReturnType<typeof service>) {
  const { data, error } = await client.functions.invoke('rebuild-site', { body: {} });
  if (error) throw error;
  return data as { build: { id: number; status: string }; coalesced: boolean };
}

/** The HTTP status a rebuild-site call gets, and the builds it left behind. */
async function refusal(client: ReturnType<typeof service>) {
  const { error } = await client.functions.invoke('rebuild-site', { body: {} });
  const res = (error as { context?: Response } | null)?.context;
  return { status: res?.status, body: res ? await res.json() : null };
}

const page = async (route: string) => {
  const res = await fetch(base + route);
  return { status: res.status, text: await res.text() };
};

async function waitFor<T>(what: string, fn: () => Promise<T | undefined | false>, ms = 60_000) {
  const until = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}\n${logs.join('\n')}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  await resetDataDir(dataDir);
  stack = await startStack({ dataDir, ...PORTS, quiet: true, limits: { signInsPerIp: 0 } });
  publisher = attachPublisher(stack, {
    dataDir,
    siteUrl: 'http://localhost:4321',
    buildEnv: () => buildEnv,
    log: (l) => logs.push(l),
  });
  await publisher.start();
  server = createSiteServer({ root: () => publisher.live() });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  await publisher?.stop();
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r));
  await stack?.stop();
});

describe('the publisher', () => {
  it('answers 503 before the first build, then serves the build an admin asked for', async () => {
    expect((await page('/')).status).toBe(503);
    const admin = await signedIn('admin');
    const { build, coalesced } = await rebuild(admin);
    expect(coalesced).toBe(false);
    await publisher.idle();
    const [row] = (await builds()).filter((b) => b.id === build.id);
    expect(row).toMatchObject({ status: 'succeeded', trigger: 'admin', error: null });
    expect(row.requested_by).toBeTruthy();
    expect(row.page_count).toBeGreaterThan(20);
    expect(row.duration_ms).toBeGreaterThan(0);
    expect(row.log_tail).toContain('page(s) built');
    const home = await page('/');
    expect(home.status).toBe(200);
    expect(home.text).toContain('Boudha Mandala');
    expect(await readlink(path.join(dataDir, 'live'))).toMatch(/^builds\//);
  }, 90_000);

  it('turns any number of requests during a build into exactly one more build, with every change', async () => {
    const admin = await signedIn('admin');
    const before = (await builds()).length;
    const first = await rebuild(admin);
    await waitFor(
      'the build to start',
      async () => (await builds()).find((b) => b.id === first.build.id)?.status === 'building',
    );
    // An edit made while the first build runs must be in the next one.
    const title = `Kora at dusk ${randomUUID().slice(0, 6)}`;
    const { error } = await admin.from('blog_posts').update({ title }).eq('slug', 'walking-the-kora-at-dawn');
    expect(error).toBeNull();
    const during = await Promise.all(Array.from({ length: 6 }, () => rebuild(admin)));
    expect(during.filter((r) => !r.coalesced)).toHaveLength(1);
    expect(new Set(during.map((r) => r.build.id)).size).toBe(1);
    await publisher.idle();
    const after = (await builds()).slice(before);
    expect(after.map((b) => b.status)).toEqual(['succeeded', 'succeeded']);
    const post = await page('/blog/walking-the-kora-at-dawn/');
    expect(post.status).toBe(200);
    expect(post.text).toContain(title);
  }, 120_000);

  it('refuses anon and non-admin callers and builds nothing', async () => {
    const before = (await builds()).length;
    const anon = createClient<Database>(stack.env.PUBLIC_SUPABASE_URL, stack.env.PUBLIC_SUPABASE_ANON_KEY, noSession);
    expect(await refusal(anon)).toEqual({ status: 401, body: { error: 'Sign in as an admin to publish the site.' } });
    const user = await signedIn('none');
    expect(await refusal(user)).toEqual({ status: 403, body: { error: 'Only admins can publish the site.' } });
    const noToken = await fetch(`${stack.env.PUBLIC_SUPABASE_URL}/functions/v1/generate-sitemap`, {
      method: 'POST',
      headers: { apikey: stack.env.PUBLIC_SUPABASE_ANON_KEY },
    });
    expect(noToken.status).toBe(401);
    expect(publisher.busy).toBe(false);
    expect(await builds()).toHaveLength(before);
  });

  it('keeps the live site when a build fails, and records why', async () => {
    const live = publisher.liveDir();
    const home = await page('/');
    buildEnv = { PUBLIC_SUPABASE_URL: 'http://127.0.0.1:9' }; // nothing listens: the database is unreachable
    let failedId = 0;
    try {
      const { build } = await rebuild(await signedIn('admin'));
      failedId = build.id;
      await publisher.idle();
      const row = (await builds()).find((b) => b.id === build.id)!;
      expect(row.status).toBe('failed');
      expect(row.error).toMatch(/astro build exited with code 1/);
      expect(row.error).toMatch(/contact_details|seo_settings|blog_posts|categories|reviews|pages|sections/);
      expect(row.log_tail?.length).toBeGreaterThan(0);
      expect(row.finished_at).toBeTruthy();
    } finally {
      buildEnv = {};
    }
    expect(publisher.liveDir()).toBe(live);
    expect(await page('/')).toEqual(home);
    // The failed build's folder is gone; the live one is untouched.
    expect(publisher.builds().some((d) => d.endsWith(`-${failedId}`))).toBe(false);
    expect(publisher.builds()).toContain(live);
  }, 90_000);

  it('stops a build that passes the time limit and keeps the live site (BUILD_TIMEOUT_MS)', async () => {
    const live = publisher.liveDir();
    const home = await page('/');
    process.env.BUILD_TIMEOUT_MS = '300';
    try {
      const { build } = await rebuild(await signedIn('admin'));
      await publisher.idle();
      const row = (await builds()).find((b) => b.id === build.id)!;
      expect(row).toMatchObject({
        status: 'failed',
        error: 'The build took longer than 300 ms (BUILD_TIMEOUT_MS) and was stopped; the live site was kept.',
      });
    } finally {
      delete process.env.BUILD_TIMEOUT_MS;
    }
    expect(publisher.liveDir()).toBe(live);
    expect(await page('/')).toEqual(home);
  }, 90_000);

  it('starts from the live release after a failed build, reuses unchanged pages, and renders all when asked', async () => {
    const svc = service();
    // What the public sees (a scheduled post is not live yet): one reusable page each.
    const anon = createClient<Database>(stack.env.PUBLIC_SUPABASE_URL, stack.env.PUBLIC_SUPABASE_ANON_KEY, noSession);
    const livePosts = (await anon.from('blog_posts').select('id')).data!.length;
    const buildOnce = async (body: object) => {
      const { data, error } = await svc.functions.invoke('rebuild-site', { body });
      if (error) throw error;
      await publisher.idle();
      return (await builds()).find((b) => b.id === (data as { build: { id: number } }).build.id)!;
    };
    // The builds before this one failed or were stopped: the live release they never replaced is the base (#28),
    // and what they left on disk is collected.
    const afterFailure = await buildOnce({});
    expect(afterFailure).toMatchObject({ status: 'succeeded' });
    expect(afterFailure.pages_reused).toBeGreaterThanOrEqual(livePosts);
    const buildsDir = path.join(dataDir, 'builds');
    const named = new Set<string>();
    for (const f of (await readdir(buildsDir)).filter((n) => n.endsWith('.release.json')))
      for (const folder of Object.values(JSON.parse(await readFile(path.join(buildsDir, f), 'utf8')).files))
        named.add(folder as string);
    expect(
      publisher
        .builds()
        .map((dir) => path.basename(dir))
        .filter((n) => !named.has(n)),
    ).toEqual([]);
    // Nothing changed: every post page stays where the live release has it, only the pages without a key render,
    // and the new release's own folder holds no post page.
    const unchanged = await buildOnce({});
    expect(unchanged.pages_reused).toBeGreaterThanOrEqual(livePosts);
    expect(unchanged.pages_rendered! + unchanged.pages_reused!).toBe(unchanged.page_count);
    const own = (await readdir(publisher.liveDir()!, { recursive: true })).filter((f) =>
      /^blog\/(?!page\/)[^/]+\/index\.html$/.test(f),
    );
    expect(own).toEqual([]);
    expect(await readlink(path.join(dataDir, 'live'))).toMatch(/^builds\/.+\.release\.json$/);
    // The live line says both (the SEO report's line may follow it).
    expect(logs.filter((l) => !l.includes('SEO report')).at(-1)).toMatch(/\(\d+ rendered, \d+ reused\)/);
    // npm run publish -- --force: a full build.
    const full = await buildOnce({ full: true });
    expect(full).toMatchObject({ status: 'succeeded', trigger: 'cli', pages_reused: 0 });
    expect(full.pages_rendered).toBe(full.page_count);
    // An admin cannot ask for one (it only costs time); the request builds incrementally.
    const { data } = await (await signedIn('admin')).functions.invoke('rebuild-site', { body: { full: true } });
    await publisher.idle();
    const byAdmin = (await builds()).find((b) => b.id === (data as { build: { id: number } }).build.id)!;
    expect(byAdmin.pages_reused).toBeGreaterThanOrEqual(livePosts);
    // Rollback (#28): the release before becomes live again, by the same one-rename switch.
    const liveLink = () => readlink(path.join(dataDir, 'live'));
    const current = await liveLink();
    const previous = await publisher.rollback();
    expect(previous).toBeTruthy();
    expect(await liveLink()).toBe(`builds/${previous}.release.json`);
    expect(await liveLink()).not.toBe(current);
    expect(await page('/')).toMatchObject({ status: 200 });
  }, 180_000);

  it('marks builds a stopped publisher left unfinished as failed when it restarts', async () => {
    const db = service();
    const { data, error } = await db
      .from('site_builds')
      .insert([
        { status: 'building', trigger: 'admin', started_at: new Date().toISOString() },
        { status: 'queued', trigger: 'schedule' },
      ])
      .select('id');
    expect(error).toBeNull();
    const again = createPublisher({
      dataDir,
      supabaseUrl: stack.env.PUBLIC_SUPABASE_URL,
      anonKey: stack.env.PUBLIC_SUPABASE_ANON_KEY,
      serviceRoleKey: stack.env.SUPABASE_SERVICE_ROLE_KEY,
      siteUrl: 'http://localhost:4321',
    });
    await again.start();
    await again.stop();
    expect(again.liveDir()).toBe(publisher.liveDir());
    const rows = (await builds()).filter((b) => data!.some((d) => d.id === b.id));
    expect(rows.map((r) => [r.status, r.error])).toEqual([
      ['failed', 'The publisher stopped before this build finished.'],
      ['failed', 'The publisher stopped before this build finished.'],
    ]);
  });

  it('puts a scheduled post live at its time without anyone asking', async () => {
    const admin = await signedIn('admin');
    const slug = `scheduled-${randomUUID().slice(0, 6)}`;
    // Nothing running or waiting, so the save's build starts at once; it and its SEO report must end before the
    // post's time (CI's loaded machine once took over 8 s for them, behind the previous test's build).
    await publisher.idle();
    const at = new Date(Date.now() + 12_000).toISOString();
    const { error } = await admin.from('blog_posts').insert({
      slug,
      title: 'Full moon puja at the stupa',
      content: 'Lamps are lit at dusk.',
      is_published: true,
      published_date: at,
    });
    expect(error).toBeNull();
    // Saving the post asks for a build, as the admin does; the post is not in it yet.
    await rebuild(admin);
    await publisher.idle();
    expect((await page(`/blog/${slug}/`)).status).toBe(404);
    const live = await waitFor('the scheduled post to go live', async () => {
      const p = await page(`/blog/${slug}/`);
      return p.status === 200 && p;
    });
    expect(live.text).toContain('Full moon puja at the stupa');
    const last = (await builds()).at(-1)!;
    expect(last).toMatchObject({ trigger: 'schedule', status: 'succeeded' });
    expect(Date.parse(last.started_at!)).toBeGreaterThanOrEqual(Date.parse(at));
  }, 90_000);
});
