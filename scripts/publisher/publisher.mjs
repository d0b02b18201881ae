// @ts-check
/**
 * The publisher (D5, D12, D17): builds the site from the database into a fresh folder, checks it, and makes it
 * live by an atomic switch; a failed build changes nothing guests see. Composed of the build runner
 * (build-runner.mjs), the builds on disk (releases.mjs), the record of every build (build-log.mjs), scheduled
 * posts (schedule.mjs) and the queue in which requests coalesce (queue.mjs). On start, rows a previous publisher
 * left unfinished are marked failed. It also runs the guest-data retention job locally (retention.mjs, #30).
 * After a build went live, its SEO report (seo-report.mjs, #29) is made from the live folder and stored on its row:
 * advice, so a report that cannot be made is logged and nothing is stored, and the build stays live. The next build
 * does not wait for it (#28): reports are made one after another, beside the builds.
 */
import { createClient } from '@supabase/supabase-js';
import { astroCacheDir } from '../../src/lib/images/upload-cache.mjs';
import { createBuildLog } from './build-log.mjs';
import {
  LOG_TAIL_CHARS,
  buildError,
  countPages,
  leftOut,
  missingFiles,
  readBuildReport,
  reportFileOf,
  runBuild as runAstroBuild,
  stripAnsi,
  timedOutError,
} from './build-runner.mjs';
import { createCoalescingQueue } from './queue.mjs';
import { codeDigest, createReleases, manifestFileOf } from './releases.mjs';
import { createWarmBuilder } from './warm-builder.mjs';
import { createRetention } from './retention.mjs';
import { createSchedule } from './schedule.mjs';
import { reportLine } from './seo-report.mjs';
import { createSeoWorker } from './seo-worker.mjs';

/**
 * @typedef {import('./build-log.mjs').Trigger} Trigger
 * @typedef {import('./build-log.mjs').BuildRow} BuildRow
 * @typedef {object} Ticket
 * @property {Promise<BuildRow | null>} row The build's row (null when the database could not record it).
 * @property {Trigger} trigger
 * @property {boolean} [full] Render every page, trusting nothing cached (`astro build --force`).
 * @property {Promise<void>} done Settles when the build has ended, either way.
 * @property {number} [requestedAt] When the first request for this build came (ms since the epoch).
 * @property {() => void} finish
 */

/**
 * A build that waits for the running one starts once the saves have paused this long (queue.mjs, D17): the saves of
 * a burst (a staff member fixing several things at once, a reorder) join one build instead of one for every build
 * that ends meanwhile. Longer than the pause between saves of one burst (`npm run bench:publish` saves every 0.18 s),
 * short against a build (1.5 s or more).
 */
export const SETTLE_MS = 500;
/** The most a waiting build waits for the saves to pause, counted from the end of the build it waited for. */
export const MAX_SETTLE_MS = 3000;

/**
 * @param {object} opts
 * @param {string} opts.dataDir Builds go to `<dataDir>/builds/`, the live one is `<dataDir>/live`.
 * @param {string} opts.supabaseUrl
 * @param {string} opts.anonKey Given to the build.
 * @param {string} opts.serviceRoleKey Used here only, to write `site_builds` and look up scheduled posts.
 * @param {string} opts.siteUrl Canonical origin of the built site (SITE_URL).
 * @param {number} [opts.keep] Builds kept on disk, the live one included (default 3).
 * @param {(line: string) => void} [opts.log]
 * @param {() => Record<string, string>} [opts.buildEnv] Extra environment for each build, read when it starts.
 * @param {(release: import('./release-view.mjs').ReleaseView, opts: { siteUrl: string }) => Promise<import('./seo-report.mjs').SeoReport>} [opts.seoReport]
 *   The SEO check of a live build (default seo-report.mjs); tests give their own.
 * @param {import('@supabase/supabase-js').SupabaseClient} [opts.db] The service-role client (default: made from
 *   `supabaseUrl` and `serviceRoleKey`); tests give a stand-in.
 * @param {typeof runAstroBuild} [opts.runBuild] Runs one build (default `astro build`, build-runner.mjs); tests give
 *   one that writes a few files.
 * @param {number} [opts.settleMs] How long a burst of saves must pause before the build that waited for the running
 *   one starts (default SETTLE_MS; queue.mjs).
 */
export function createPublisher(opts) {
  const { dataDir, supabaseUrl, anonKey, serviceRoleKey, siteUrl, log = () => {} } = opts;
  const db =
    opts.db ?? createClient(supabaseUrl, serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false } });
  // A builder kept warm between publishes (#28), unless a test gives its own way to build.
  const warm = opts.runBuild ? null : createWarmBuilder();
  const runBuild = opts.runBuild ?? warm?.run ?? runAstroBuild;
  // The SEO report in a thread of its own (seo-worker.mjs), unless a test gives its own.
  const seoWorker = opts.seoReport ? null : createSeoWorker();
  const checkSeo =
    opts.seoReport ?? ((view, o) => /** @type {NonNullable<typeof seoWorker>} */ (seoWorker).report(view, o));
  const releases = createReleases({ dataDir, keep: opts.keep });
  const builds = createBuildLog(db, log);
  const schedule = createSchedule({ db, rebuild: () => void request({ trigger: 'schedule' }) });
  // Supabase Cron's job where the local database has no pg_cron (D27).
  const retention = createRetention({ db, log });
  /** @type {import('node:child_process').ChildProcess | undefined} */
  let child;
  let stopped = false;
  /** Settles once the running build's row is no longer 'queued'. */
  let rowLeftQueue = Promise.resolve();
  /** The SEO reports asked for, in order: each starts when the one before is stored (or given up). */
  let reports = Promise.resolve();
  /** Releases an SEO report is reading: pruning keeps them until it is done. @type {Set<string>} */
  const reading = new Set();
  /**
   * When each step of the latest build ended (ms since the epoch): asked for, started, build process spawned and
   * exited (with the build's own steps from its report), release composed, live. For npm run bench:publish.
   * @type {Record<string, number>}
   */
  let timing = {};

  /**
   * Builds into a new folder and says why it cannot go live, or null when it can.
   * @param {Ticket} ticket
   * @param {string} outDir
   */
  async function build(ticket, outDir) {
    // stop() may have come while the row was being written: do not start a build it cannot kill.
    if (stopped)
      return { error: 'The build could not run: the publisher is stopping', output: '', code: '', base: null };
    /** @type {Record<string, string>} */
    const env = {
      PUBLIC_SUPABASE_URL: supabaseUrl,
      PUBLIC_SUPABASE_ANON_KEY: anonKey,
      SITE_URL: siteUrl,
      // Fetched Storage images and their optimised copies (D21): kept for the next build of this stack, and of no
      // other.
      ASTRO_CACHE_DIR: astroCacheDir(dataDir),
      ...(opts.buildEnv?.() ?? {}),
    };
    // A layered release (#28, releases.mjs): the build renders only the pages whose key differs from the live
    // release's, unless a full build was asked for, the live release was built on other code, or there is none.
    const code = codeDigest({ ...process.env, ...env });
    const live = releases.liveManifest();
    const base = !ticket.full && live?.code === code ? live : null;
    env.RELEASE_LAYERED = '1';
    const baseFile = base && releases.liveManifestFile();
    if (baseFile) env.RELEASE_BASE = baseFile;
    // Where this build's manifest will be (releases.compose): a warm builder keeps its keys for the next build.
    env.RELEASE_MANIFEST = manifestFileOf(outDir);
    const spawned = Date.now();
    const run = await runBuild({ outDir, full: ticket.full, env, code, onStart: (c) => (child = c) });
    child = undefined;
    timing = { ...timing, spawned, exited: Date.now() };
    /** @type {string | null} */
    let error = null;
    if (run.code !== 0) {
      if (stopped) error = 'The publisher stopped during this build.';
      else error = run.timedOut ? timedOutError(run.limit) : buildError(run.output, run.code);
    } else {
      const missing = missingFiles(outDir);
      if (missing.length) error = `The build is missing ${missing.join(', ')}; the live site was kept.`;
    }
    return { error, output: run.output, code, base };
  }

  /**
   * The manifest of a finished build (releases.mjs): its report's keys and references, derived from the base it
   * was built on. Null when the base turned out to lack a file it should hold (logged): the caller builds again,
   * rendering every page.
   * @param {string} outDir
   * @param {{ code: string, base: import('./releases.mjs').Manifest | null }} built
   */
  async function compose(outDir, { code, base }) {
    // The build counted its pages (rendered + reused): no second walk of ten thousand folders here.
    const report = await readBuildReport(reportFileOf(outDir));
    const release = report?.release;
    const layered =
      release &&
      typeof release.keys === 'object' &&
      (release.removed === null || Array.isArray(release.removed)) &&
      typeof release.refs === 'object';
    if (base && !layered) {
      // Without its report, a build from a base cannot say which pages it left out.
      log('[publisher] the build wrote no release report: building every page again');
      return null;
    }
    try {
      const manifest = await releases.compose(outDir, { code, build: layered ? release : null, base });
      timing = { ...timing, ...report?.timing, composed: Date.now() };
      return { manifest, report };
    } catch (err) {
      log(`[publisher] ${err instanceof Error ? err.message : err}: building every page again`);
      return null;
    }
  }

  /**
   * Switches a composed release live and records it; throws when it cannot go live.
   * @param {BuildRow | null} row
   * @param {string} outDir
   * @param {string} output
   * @param {() => { finished_at: string, duration_ms: number }} times
   * @param {NonNullable<Awaited<ReturnType<typeof compose>>>} composed
   * @param {() => void} switched told the moment the release is live: from then on its folder is never discarded
   */
  async function goLive(row, outDir, output, times, { manifest, report }, switched) {
    const reuse = report && { pages_rendered: report.pages_rendered, pages_reused: report.pages_reused };
    const pages = report ? report.page_count : await countPages(outDir);
    await releases.switchLive(manifest);
    switched();
    timing.live = Date.now();
    const t = times();
    const logTail = stripAnsi(output).slice(-LOG_TAIL_CHARS);
    await builds.update(row, {
      status: 'succeeded',
      page_count: pages,
      ...reuse,
      left_out: leftOut(output),
      log_tail: logTail,
      ...t,
    });
    log(
      `[publisher] build ${row?.id ?? '?'} live: ${pages} pages in ${(t.duration_ms / 1000).toFixed(1)} s` +
        (reuse ? ` (${reuse.pages_rendered} rendered, ${reuse.pages_reused} reused)` : ''),
    );
  }

  /**
   * The SEO report of the build just switched live, stored on its row (#29). Made after the switch, so it never
   * delays guests seeing the build; advice, so nothing it finds and nothing it throws fails the build: a report that
   * cannot be made is logged and nothing is stored. It runs beside the next build rather than before it (#28: the
   * first report after a start reads every page, 8 s at 10,000 posts, and a publish asked for meanwhile waited for
   * it). The release it reads stays on disk meanwhile: pruning keeps it however many builds go live (`reading`). A
   * report whose build is no longer live by its turn is not made: its release may be gone, and no one reads it.
   * @param {BuildRow | null} row
   * @param {import('./release-view.mjs').ReleaseView} view
   */
  async function storeSeoReport(row, view) {
    if (stopped) return;
    if (releases.liveView() !== view) {
      log(`[publisher] build ${row?.id ?? '?'}: no SEO report (a newer build went live first)`);
      return;
    }
    // The release's name, pinned while it is read (a plain folder is never pruned).
    const source = view.source();
    const name = 'manifest' in source ? source.manifest.name : null;
    if (name) reading.add(name);
    try {
      const report = await checkSeo(view, { siteUrl });
      await builds.update(row, { seo_report: report });
      log(`[publisher] build ${row?.id ?? '?'} SEO report: ${reportLine(report)}`);
    } catch (err) {
      log(
        `[publisher] build ${row?.id ?? '?'}: no SEO report (${err instanceof Error ? err.message : err}); the build is live all the same`,
      );
    } finally {
      if (name) reading.delete(name);
    }
  }

  /** @param {Ticket} ticket */
  async function run(ticket) {
    /** @type {() => void} */
    let leftQueue = () => {};
    rowLeftQueue = new Promise((resolve) => (leftQueue = () => resolve(undefined)));
    let succeeded = false;
    /** Whether this build's release went live: a failure after that must not discard the folder guests are served. */
    let live = false;
    /** This build's SEO report, once asked for: whoever waits on the build (its `done`) hears when it is stored. */
    let report = Promise.resolve();
    try {
      const row = await ticket.row;
      if (stopped) {
        await builds.update(row, {
          status: 'failed',
          error: 'The publisher stopped before this build started.',
          finished_at: new Date().toISOString(),
        });
        return;
      }
      const startedAt = new Date();
      timing = { requested: ticket.requestedAt ?? startedAt.getTime(), started: startedAt.getTime() };
      const times = () => {
        const finishedAt = new Date();
        return { finished_at: finishedAt.toISOString(), duration_ms: finishedAt.getTime() - startedAt.getTime() };
      };
      await builds.update(row, { status: 'building', started_at: startedAt.toISOString() });
      leftQueue();
      log(`[publisher] build ${row?.id ?? '?'} (${ticket.trigger}) started`);
      let outDir = '';
      let output = '';
      /** @type {string | null} */
      let error = null;
      try {
        outDir = await releases.prepare(startedAt, row?.id ?? 'x');
        let built = await build(ticket, outDir);
        let composed = built.error ? null : await compose(outDir, built);
        if (!built.error && !composed) {
          // The live release could not lend a page it should hold: this build renders every page instead.
          await releases.discard(outDir);
          outDir = await releases.prepare(new Date(), row?.id ?? 'x');
          built = await build({ ...ticket, full: true }, outDir);
          composed = built.error ? null : await compose(outDir, built);
        }
        ({ error, output } = built);
        if (!error && !composed) error = 'The build could not be made into a release (its log says why).';
        if (!error && composed) {
          await goLive(row, outDir, output, times, composed, () => (live = true));
          succeeded = true;
          await releases.prune(reading);
          const view = releases.liveView();
          if (view) report = reports = reports.then(() => storeSeoReport(row, view));
        }
      } catch (err) {
        const why = err instanceof Error ? err.message : err;
        if (live && !succeeded) {
          // Live already (only what follows the switch failed): it stays live, as its row should say.
          succeeded = true;
          log(`[publisher] build ${row?.id ?? '?'} is live, but recording it failed: ${why}`);
          await builds.update(row, { status: 'succeeded', ...times() });
        } else if (!succeeded) error = `The build could not ${outDir ? 'go live' : 'run'}: ${why}`;
      }
      if (error) {
        if (outDir) await releases.discard(outDir);
        await builds.update(row, {
          status: 'failed',
          error,
          log_tail: stripAnsi(output).slice(-LOG_TAIL_CHARS),
          ...times(),
        });
        log(`[publisher] build ${row?.id ?? '?'} failed: ${error.split('\n')[0]}`);
      }
    } finally {
      // Whatever happened, the next build may record its row and start, and whoever waits on this one hears it
      // ended once its report is stored too.
      leftQueue();
      void report.then(ticket.finish);
      if (!stopped) void schedule.next(succeeded);
    }
  }

  const queue = createCoalescingQueue({
    settleMs: opts.settleMs ?? SETTLE_MS,
    maxSettleMs: MAX_SETTLE_MS,
    /** @returns {Ticket} */
    open: () => {
      /** @type {() => void} */
      let finish = () => {};
      const done = new Promise((resolve) => (finish = () => resolve(undefined)));
      return /** @type {Ticket} */ ({
        row: Promise.resolve(null),
        trigger: 'admin',
        done,
        finish,
        requestedAt: Date.now(),
      });
    },
    run,
  });

  /**
   * Asks for a build. While a build runs, every request joins the one waiting build; `full` (a build that renders
   * every page) sticks to it once any request asked for it.
   * @param {{ trigger?: Trigger, requestedBy?: string | null, full?: boolean }} [req]
   * @returns {Promise<{ build: BuildRow | null, coalesced: boolean, done: Promise<void> }>}
   */
  async function request({ trigger = 'admin', requestedBy = null, full = false } = {}) {
    const { ticket, coalesced } = queue.request();
    if (full) ticket.full = true;
    if (!coalesced) {
      ticket.trigger = trigger;
      // At most one row may be queued (site_builds_one_queued_idx): wait until the running build's row has moved
      // on to 'building' before recording this one.
      ticket.row = rowLeftQueue.then(() => builds.open(trigger, requestedBy));
    }
    return { build: await ticket.row, coalesced, done: ticket.done };
  }

  return {
    /** Recovers unfinished rows, finds the live build, and starts watching the schedule. */
    async start() {
      await builds.recover();
      const hasLive = await releases.readLive();
      // A release composed but never switched live (the process died between the two steps) is dropped now, before
      // a newer build could sort after it and keep it as if it had been live, or a rollback could choose it.
      if (hasLive) await releases.prune(reading);
      if (hasLive && (await schedule.dueNow())) void request({ trigger: 'schedule' });
      void schedule.next();
      retention.start();
    },
    request,
    recover: builds.recover,
    /** The live release's own build folder, or null before the first successful build. */
    liveDir: releases.liveDir,
    /** The live release as the site server reads it (release-view.mjs), or null before the first build. */
    live: releases.liveView,
    /**
     * Makes the release before the live one live again (#28); resolves with its name, or null when there is none.
     * Waits for a running build first, so the rollback is not overtaken by it.
     */
    async rollback() {
      await queue.idle();
      const name = await releases.rollback();
      log(name ? `[publisher] rolled back to ${name}` : '[publisher] no earlier release to roll back to');
      return name;
    },
    /** When each step of the latest build ended (ms since the epoch; see `timing` above). */
    lastTiming: () => ({ ...timing }),
    /** Resolves when no build runs or waits and every live build's SEO report is stored (or given up). */
    async idle() {
      for (;;) {
        await queue.idle();
        const last = reports;
        await last;
        if (!queue.busy && last === reports) return;
      }
    },
    get busy() {
      return queue.busy;
    },
    /** Stops the schedule and any running build (its row is marked failed). */
    async stop() {
      stopped = true;
      schedule.stop();
      retention.stop();
      child?.kill('SIGTERM');
      warm?.stop();
      // A build waiting for a burst to settle starts now, and is marked failed at once (run() sees `stopped`).
      queue.hurry();
      await queue.idle();
      await seoWorker?.stop();
      await reports;
      builds.stop();
    },
    /** Build folders on disk, newest first. */
    builds: releases.list,
  };
}
