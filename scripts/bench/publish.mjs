// @ts-check
/**
 * `npm run bench:publish`: publish-to-live time, as staff see it. A stack, publisher and site server of its own
 * (as npm start runs them); an admin signed in through supabase-js. On the seeded site, and again with 1,000
 * extra posts: twenty edits, each followed by rebuild-site and timed from the save until the site server serves
 * the new text (p50, p95, max); then ten saves within two seconds, counting the builds they cause.
 * Goals: p50 ≤ 8 s seeded and ≤ 12 s with 1,000 posts; a burst of ten saves causes at most two builds.
 * Prints figures; asserts nothing.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { PROJECT_ROOT } from '../local-supabase/config.mjs';
import { resetDataDir, startStack } from '../local-supabase/stack.mjs';
import { attachPublisher } from '../publisher/functions.mjs';
import { createSiteServer } from '../publisher/site-server.mjs';
import { upsertStaffUser } from '../lib/staff.mjs';

const API_PORT = Number(process.env.BENCH_SUPABASE_PORT ?? 25397);
const SITE_PORT = Number(process.env.BENCH_SITE_PORT ?? 4397);
const EDITS = Number(process.env.BENCH_EDITS ?? 20);
const EXTRA_POSTS = Number(process.env.BENCH_POSTS ?? 1000);
const SLUG = 'walking-the-kora-at-dawn';
const dataDir = path.join(PROJECT_ROOT, `.data/bench-publish-${API_PORT}`);
const noSession = { auth: { persistSession: false, autoRefreshToken: false } };

await resetDataDir(dataDir);
const stack = await startStack({ dataDir, apiPort: API_PORT, dbPort: API_PORT + 1, quiet: true });
const publisher = attachPublisher(stack, { dataDir, siteUrl: `http://127.0.0.1:${SITE_PORT}` });
const server = createSiteServer({ root: () => publisher.liveDir() });
await new Promise((r) => server.listen(SITE_PORT, '127.0.0.1', () => r(undefined)));

const ms = (/** @type {number} */ v) => (v / 1000).toFixed(2);
/** @param {number[]} xs @param {number} q */
const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)];
};

try {
  const email = 'bench-admin@boudhamandala.example';
  const password = randomBytes(12).toString('base64url');
  await upsertStaffUser({
    url: stack.env.PUBLIC_SUPABASE_URL,
    serviceRoleKey: stack.env.SUPABASE_SERVICE_ROLE_KEY,
    email,
    password,
    role: 'admin',
  });
  const admin = createClient(stack.env.PUBLIC_SUPABASE_URL, stack.env.PUBLIC_SUPABASE_ANON_KEY, noSession);
  const { error: signInError } = await admin.auth.signInWithPassword({ email, password });
  if (signInError) throw signInError;
  const service = createClient(stack.env.PUBLIC_SUPABASE_URL, stack.env.SUPABASE_SERVICE_ROLE_KEY, noSession);
  await publisher.start();

  /** Saves a new title the way the admin does (write, then rebuild-site); returns the title. */
  async function save() {
    const title = `Walking the kora ${randomBytes(4).toString('hex')}`;
    const { error } = await admin.from('blog_posts').update({ title }).eq('slug', SLUG);
    if (error) throw new Error(`edit failed: ${error.message}`);
    const { error: invokeError } = await admin.functions.invoke('rebuild-site', { body: {} });
    if (invokeError) throw new Error(`rebuild-site failed: ${invokeError.message}`);
    return title;
  }

  /** @param {string} text */
  async function servedWithin(text, limitMs = 120_000) {
    const t0 = performance.now();
    for (;;) {
      const res = await fetch(`http://127.0.0.1:${SITE_PORT}/blog/${SLUG}/`).catch(() => null);
      if (res?.ok && (await res.text()).includes(text)) return;
      if (performance.now() - t0 > limitMs) throw new Error(`"${text}" not served after ${limitMs / 1000} s`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  const buildCount = async () => {
    const { count } = await service.from('site_builds').select('id', { count: 'exact', head: true });
    return count ?? 0;
  };

  /** @param {string} label */
  async function round(label) {
    await save();
    await publisher.idle();
    /** @type {number[]} */
    const times = [];
    for (let i = 0; i < EDITS; i++) {
      const t0 = performance.now();
      const title = await save();
      await servedWithin(title);
      times.push(performance.now() - t0);
      await publisher.idle();
    }
    const before = await buildCount();
    /** @type {string} */
    let last = '';
    const t0 = performance.now();
    for (let i = 0; i < 10; i++) {
      last = await save();
      await new Promise((r) => setTimeout(r, Math.max(0, (i + 1) * 180 - (performance.now() - t0))));
    }
    const burstMs = performance.now() - t0;
    await servedWithin(last);
    await publisher.idle();
    const burstBuilds = (await buildCount()) - before;
    const { data: rows } = await service
      .from('site_builds')
      .select('page_count, duration_ms')
      .eq('status', 'succeeded')
      .order('id', { ascending: false })
      .limit(1);
    return {
      site: label,
      pages: rows?.[0]?.page_count,
      'build s': ms(rows?.[0]?.duration_ms ?? 0),
      'p50 s': ms(quantile(times, 0.5)),
      'p95 s': ms(quantile(times, 0.95)),
      'max s': ms(Math.max(...times)),
      'burst: saves in s': ms(burstMs),
      'burst: builds': burstBuilds,
      times,
    };
  }

  const seeded = await round('seeded');
  const rows = Array.from({ length: EXTRA_POSTS }, (_, i) => ({
    slug: `bench-post-${i}`,
    title: `Bench post ${i}`,
    content: `## Morning ${i}\n\nThe *kora* begins before dawn.\n\n- Walk clockwise\n`,
    category: ['spirituality', 'wellness', 'travel', 'culture', 'hotel'][i % 5],
    is_published: true,
    published_date: new Date(Date.UTC(2025, 0, 1) + i * 3_600_000).toISOString(),
  }));
  for (let i = 0; i < rows.length; i += 500) {
    const { error } = await service.from('blog_posts').insert(rows.slice(i, i + 500));
    if (error) throw new Error(`inserting bench posts: ${error.message}`);
  }
  const large = await round(`seeded + ${EXTRA_POSTS} posts`);

  console.log(`\nbench:publish: ${EDITS} edits each, save → rebuild-site → served by the site server`);
  console.table([seeded, large].map(({ times: _t, ...r }) => r));
  const ok = (/** @type {boolean} */ b) => (b ? 'ok' : 'MISSED');
  console.log(`seeded p50 ${seeded['p50 s']} s (goal ≤ 8 s) ${ok(Number(seeded['p50 s']) <= 8)}`);
  console.log(`+${EXTRA_POSTS} posts p50 ${large['p50 s']} s (goal ≤ 12 s) ${ok(Number(large['p50 s']) <= 12)}`);
  console.log(
    `burst of ten saves: ${seeded['burst: builds']} and ${large['burst: builds']} builds (goal ≤ 2) ${ok(seeded['burst: builds'] <= 2 && large['burst: builds'] <= 2)}`,
  );
} finally {
  await publisher.stop();
  server.closeAllConnections();
  server.close();
  await stack.stop();
}
