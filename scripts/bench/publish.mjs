// @ts-check
/**
 * `npm run bench:publish`: publish-to-live time, as staff see it. Two sites of its own, each a stack, a publisher
 * and a site server as npm start runs them, with an admin signed in through supabase-js: one stays seeded (the
 * control), the other grows from the seeded site to 1,000 extra posts and to 10,000 (BENCH_POSTS,
 * BENCH_LARGE_POSTS). At each size:
 * - incremental (#17, #28: a layered release): BENCH_EDITS edits of one post's title (20; BENCH_LARGE_EDITS, 10, at
 *   10,000), each followed by rebuild-site and timed from the save until the site server serves the new title
 *   (p50, p95, max), with the time table of where it went (medians): the save, the request and the queue, the build
 *   process's start, Astro's config, Vite's bundling, the pages, finishing them, the process's exit, composing and
 *   switching the release, and the first answer with the new text. Each is paired with the same edit on the seeded
 *   site, in turn: a size's ratio is its p50 over the seeded site's p50 in the same minutes, so that the machine's
 *   drift (0.4 s of Vite between two runs) weighs on both alike, as bench:build alternates its builds. At the
 *   seeded size the two sites are alike, and the ratio shows what the pairing itself leaves;
 * - full: BENCH_FULL_EDITS edits (5; 3 at 10,000), each published with a full build (`npm run publish -- --force`
 *   asks the same), timed the same way;
 * - the pages the last build of each kind rendered and reused (site_builds);
 * - ten saves within two seconds, counting the builds they cause.
 * Before each timed publish the disk is synced, so that the previous build's writes and the pruned build's deletion
 * (hundreds of megabytes at 10,000 posts) are not charged to it.
 * Goals (#28): incremental p50 ≤ 2.5 s seeded, ≤ 1.15× the seeded p50 with 1,000 posts, ≤ 1.5× with 10,000; a burst
 * of ten saves causes at most two builds. Prints figures; asserts nothing. The generated posts are short unless
 * BENCH_POST_BYTES gives their length.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { PROJECT_ROOT } from '@boudha/local-supabase/config';
import { resetDataDir, startStack } from '@boudha/local-supabase/stack';
import { attachPublisher } from '@boudha/publisher/functions';
import { createSiteServer } from '@boudha/publisher/site-server';
import { upsertStaffUser } from '../lib/staff.mjs';
import { benchEnvironment } from './env.mjs';

const BENCH = benchEnvironment();
const API_PORT = BENCH.BENCH_SUPABASE_PORT ?? 25397;
const SITE_PORT = BENCH.BENCH_SITE_PORT;
const EDITS = BENCH.BENCH_EDITS;
const FULL_EDITS = BENCH.BENCH_FULL_EDITS;
const EXTRA_POSTS = BENCH.BENCH_POSTS;
const LARGE_POSTS = BENCH.BENCH_LARGE_POSTS;
const LARGE_EDITS = BENCH.BENCH_LARGE_EDITS;
const LARGE_FULL_EDITS = BENCH.BENCH_LARGE_FULL_EDITS;
/** Paragraphs that bring each generated post's text to about BENCH_POST_BYTES (none by default). */
const PARAGRAPH =
  '\n\nPilgrims circle the stupa at dawn, spinning prayer wheels and murmuring mantras while butter lamps flicker.';
const PADDING = PARAGRAPH.repeat(Math.ceil(BENCH.BENCH_POST_BYTES / PARAGRAPH.length));
const SLUG = 'walking-the-kora-at-dawn';
const noSession = { auth: { persistSession: false, autoRefreshToken: false } };

const ms = (/** @type {number} */ v) => (v / 1000).toFixed(2);
/** @param {number[]} xs @param {number} q */
const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)];
};

/** Where a publish's time goes, step by step (medians of the incremental publishes of each round). */
const STEPS = [
  'save',
  'request + queue',
  'node + astro start',
  'config → build',
  'vite',
  'read data',
  'pages',
  'finish pages',
  'exit',
  'compose + switch',
  'first 200',
];

/**
 * A site of the bench's own: a stack on `apiPort` (and the next port for its database), its publisher, its site
 * server on `sitePort`, an admin signed in. @param {number} apiPort @param {number} sitePort
 */
async function openSite(apiPort, sitePort) {
  const dataDir = path.join(PROJECT_ROOT, `.data/bench-publish-${apiPort}`);
  await resetDataDir(dataDir);
  const stack = await startStack({ dataDir, apiPort, dbPort: apiPort + 1, quiet: true });
  const publisher = attachPublisher(stack, { dataDir, siteUrl: `http://127.0.0.1:${sitePort}` });
  const server = createSiteServer({ root: () => publisher.live() });
  const close = async () => {
    await publisher.stop();
    server.closeAllConnections();
    server.close();
    await stack.stop();
  };
  /** When the latest save's write returned (ms since the epoch). */
  let saved = 0;
  let inserted = 0;
  try {
    await new Promise((r) => server.listen(sitePort, '127.0.0.1', () => r(undefined)));
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

    /**
     * Saves a new title the way the admin does (write, then rebuild-site); returns the title. `full` asks, with
     * the service role as `npm run publish -- --force` does, for a build that renders every page.
     */
    const save = async (full = false) => {
      const title = `Walking the kora ${randomBytes(4).toString('hex')}`;
      const { error } = await admin.from('blog_posts').update({ title }).eq('slug', SLUG);
      if (error) throw new Error(`edit failed: ${error.message}`);
      saved = Date.now();
      const { error: invokeError } = await (full ? service : admin).functions.invoke('rebuild-site', {
        body: full ? { full: true } : {},
      });
      if (invokeError) throw new Error(`rebuild-site failed: ${invokeError.message}`);
      return title;
    };

    /** Waits for the new text; resolves with when the first answer with it came (ms since the epoch). */
    const servedWithin = async (/** @type {string} */ text, limitMs = 120_000) => {
      const t0 = performance.now();
      for (;;) {
        const res = await fetch(`http://127.0.0.1:${sitePort}/blog/${SLUG}/`).catch(() => null);
        if (res?.ok && (await res.text()).includes(text)) return Date.now();
        if (performance.now() - t0 > limitMs) throw new Error(`"${text}" not served after ${limitMs / 1000} s`);
        await new Promise((r) => setTimeout(r, 50));
      }
    };

    const buildCount = async () => {
      const { count } = await service.from('site_builds').select('id', { count: 'exact', head: true });
      return count ?? 0;
    };

    return {
      save,
      servedWithin,
      idle: () => publisher.idle(),
      close,

      /** One edit, published and timed until served: the time, and its steps (ms, STEPS's order). */
      async timedEdit(full = false) {
        // Each publish starts on a quiet disk, as one a few minutes after the last would: the previous build's
        // writes and the pruned build's deletion are flushed first (as bench:build does before each run).
        spawnSync('sync');
        const t0 = Date.now();
        const title = await save(full);
        const served = await servedWithin(title, 300_000);
        const t = publisher.lastTiming();
        const marks = [
          t0,
          saved,
          t.spawned,
          t.configDone,
          t.buildStart,
          t.firstRead,
          t.planned,
          t.generated,
          t.done,
          t.exited,
          t.live,
          served,
        ];
        await publisher.idle();
        return { time: served - t0, steps: marks.slice(1).map((m, j) => (m && marks[j] ? m - marks[j] : NaN)) };
      },

      /** The latest successful build's figures. */
      async lastBuild() {
        const { data: rows } = await service
          .from('site_builds')
          .select('page_count, pages_rendered, pages_reused')
          .eq('status', 'succeeded')
          .order('id', { ascending: false })
          .limit(1);
        const row = rows?.[0];
        return { pages: row?.page_count, rendered: row?.pages_rendered, reused: row?.pages_reused };
      },

      /** Ten saves within two seconds; resolves with how long they took and the builds they caused. */
      async burst() {
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
        return { burstMs, builds: (await buildCount()) - before };
      },

      /** Adds bench posts up to `total`, newest first after the seeded ones. @param {number} total */
      async postsUpTo(total) {
        const rows = Array.from({ length: total - inserted }, (_, j) => {
          const i = inserted + j;
          return {
            slug: `bench-post-${i}`,
            title: `Bench post ${i}`,
            content: `## Morning ${i}\n\nThe *kora* begins before dawn.\n\n- Walk clockwise\n${PADDING}`,
            category: ['spirituality', 'wellness', 'travel', 'culture', 'hotel'][i % 5],
            is_published: true,
            published_date: new Date(Date.UTC(2025, 0, 1) + i * 3_600_000).toISOString(),
          };
        });
        for (let i = 0; i < rows.length; i += 500) {
          const { error } = await service.from('blog_posts').insert(rows.slice(i, i + 500));
          if (error) throw new Error(`inserting bench posts: ${error.message}`);
        }
        inserted = total;
      },
    };
  } catch (err) {
    await close();
    throw err;
  }
}

/** The site that grows, and the seeded one its incremental publishes are paired with. */
const grown = await openSite(API_PORT, SITE_PORT);
/** @type {Awaited<ReturnType<typeof openSite>> | undefined} */
let seededSite;
try {
  seededSite = await openSite(API_PORT + 10, SITE_PORT + 1);
  const control = seededSite;
  /** @type {Array<Record<string, string>>} */
  const table = [];

  /** @param {string} label @param {number} edits @param {number} fullEdits */
  async function round(label, edits = EDITS, fullEdits = FULL_EDITS) {
    // The first build after new posts renders them all; the rounds time the builds after it.
    await grown.save();
    await grown.idle();
    await control.save();
    await control.idle();
    /** @type {number[]} */
    const times = [];
    /** @type {number[]} */
    const controlTimes = [];
    /** @type {number[][]} */
    const steps = [];
    for (let i = 0; i < edits; i++) {
      // In turn, each first every other time.
      const [first, second] = i % 2 ? [control, grown] : [grown, control];
      const a = await first.timedEdit();
      const b = await second.timedEdit();
      const own = first === grown ? a : b;
      times.push(own.time);
      steps.push(own.steps);
      controlTimes.push((first === grown ? b : a).time);
    }
    const build = await grown.lastBuild();
    /** @type {number[]} */
    const fullTimes = [];
    for (let i = 0; i < fullEdits; i++) fullTimes.push((await grown.timedEdit(true)).time);
    const fullBuild = await grown.lastBuild();
    const burst = await grown.burst();
    const counts = (/** @type {{ rendered?: number | null, reused?: number | null }} */ b) =>
      b.reused === null || b.reused === undefined ? '-' : `${b.rendered} / ${b.reused}`;
    table.push({
      site: label,
      ...Object.fromEntries(
        STEPS.map((name, j) => [name, ms(quantile(steps.map((s) => s[j]).filter(Number.isFinite), 0.5))]),
      ),
      total: ms(quantile(times, 0.5)),
    });
    const p50 = quantile(times, 0.5);
    const controlP50 = quantile(controlTimes, 0.5);
    return {
      site: label,
      pages: build.pages,
      'incremental p50 s': ms(p50),
      'incremental p95 s': ms(quantile(times, 0.95)),
      'incremental max s': ms(Math.max(...times)),
      'seeded alongside p50 s': ms(controlP50),
      'ratio to it': (p50 / controlP50).toFixed(2),
      'incremental rendered / reused': counts(build),
      'full p50 s': ms(quantile(fullTimes, 0.5)),
      'full rendered / reused': counts(fullBuild),
      'burst: saves in s': ms(burst.burstMs),
      'burst: builds': burst.builds,
      p50,
      ratio: p50 / controlP50,
    };
  }

  const seeded = await round('seeded');
  await grown.postsUpTo(EXTRA_POSTS);
  const thousand = await round(`seeded + ${EXTRA_POSTS} posts`);
  const results = [seeded, thousand];
  if (LARGE_POSTS > EXTRA_POSTS) {
    await grown.postsUpTo(LARGE_POSTS);
    results.push(await round(`seeded + ${LARGE_POSTS} posts`, LARGE_EDITS, LARGE_FULL_EDITS));
  }
  const large = results[2];

  console.log(
    `\nbench:publish: save → rebuild-site → served by the site server; ${EDITS} incremental and ${FULL_EDITS} full` +
      ` publishes a round${large ? ` (${LARGE_EDITS} and ${LARGE_FULL_EDITS} with ${LARGE_POSTS} posts)` : ''},` +
      ' each incremental one paired with the same edit on a second, seeded site; generated posts of' +
      ` ${PADDING ? `about ${BENCH.BENCH_POST_BYTES} bytes (BENCH_POST_BYTES)` : 'about 60 bytes of text'}`,
  );
  console.table(results.map(({ p50: _p, ratio: _r, ...r }) => r));
  console.log('Where an incremental publish spends its time (s, medians):');
  console.table(table);
  const ok = (/** @type {boolean} */ b) => (b ? 'ok' : 'MISSED');
  console.log(`seeded incremental p50 ${ms(seeded.p50)} s (goal ≤ 2.5 s) ${ok(seeded.p50 <= 2500)}`);
  console.log(
    `+${EXTRA_POSTS} posts incremental p50 ${ms(thousand.p50)} s = ${thousand.ratio.toFixed(2)}× the seeded site's` +
      ` alongside (goal ≤ 1.15×) ${ok(thousand.ratio <= 1.15)}`,
  );
  if (large) {
    console.log(
      `+${LARGE_POSTS} posts incremental p50 ${ms(large.p50)} s = ${large.ratio.toFixed(2)}× the seeded site's` +
        ` alongside (goal ≤ 1.5×) ${ok(large.ratio <= 1.5)}`,
    );
  }
  console.log(
    `burst of ten saves: ${results.map((r) => r['burst: builds']).join(', ')} builds (goal ≤ 2 each) ${ok(results.every((r) => r['burst: builds'] <= 2))}`,
  );
} finally {
  await seededSite?.close();
  await grown.close();
}
