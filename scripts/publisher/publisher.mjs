// @ts-check
/**
 * The publisher (D5, D12, D17): builds the site from the database into a fresh folder under DATA_DIR/builds,
 * checks it, and makes it live by an atomic switch of the DATA_DIR/live symlink; a failed build changes nothing
 * guests see. Every build is a `site_builds` row (queued → building → succeeded | failed, with trigger, requester,
 * times, page count, error and log tail), written with the service role. Requests coalesce (queue.mjs). Scheduled
 * posts are built at their time. On start, rows a previous publisher left unfinished are marked failed.
 *
 * The build itself is `astro build` in a child process with the anon key only (D2): the service-role key stays
 * in this process.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readlinkSync, statSync } from 'node:fs';
import { mkdir, readFile, readdir, rename, rm, symlink } from 'node:fs/promises';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { PROJECT_ROOT } from '@boudha/local-supabase/config';
import { astroCacheDir } from '../../src/lib/images/upload-cache.mjs';
import { createCoalescingQueue } from './queue.mjs';

const ASTRO = path.join(PROJECT_ROOT, 'node_modules/astro/bin/astro.mjs');
/** Files a build must contain before it may go live. */
export const REQUIRED_FILES = ['index.html', '404.html', 'sitemap.xml'];

/**
 * The longest a build may take (BUILD_TIMEOUT_MS, default 15 minutes): past it the build is stopped, recorded as
 * failed and the live site stays (#26). A full build of 10,000 posts takes under a minute here; a build that runs
 * for many minutes is stuck on something (a text marked crawls on, a hung request), and would hold every publish
 * behind it. Read when each build starts.
 */
export function buildTimeoutMs(env = process.env) {
  const ms = Number(env.BUILD_TIMEOUT_MS || 15 * 60_000);
  return Number.isFinite(ms) && ms > 0 ? ms : 15 * 60_000;
}

/** The error of a build stopped at the time limit. @param {number} ms */
export function timedOutError(ms) {
  const span =
    ms >= 60_000 ? `${Math.round(ms / 60_000)} minutes` : ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`;
  return `The build took longer than ${span} (BUILD_TIMEOUT_MS) and was stopped; the live site was kept.`;
}
const LOG_TAIL_CHARS = 20_000;
const ERROR_CHARS = 10_000;
/** Longest wait between two looks at the next scheduled post (a post may be scheduled without a publish). */
const SCHEDULE_POLL_MS = 60_000;

/**
 * Whether a scheduled post's time came after the last successful build started (so that build left it out).
 * False when there is no successful build or the database cannot say.
 * @param {import('@supabase/supabase-js').SupabaseClient} db a service-role client
 */
export async function postsDueSinceLastBuild(db) {
  const { data: last } = await db
    .from('site_builds')
    .select('started_at')
    .eq('status', 'succeeded')
    .order('started_at', { ascending: false })
    .limit(1);
  const since = last?.[0]?.started_at;
  if (!since) return false;
  const { data, error } = await db
    .from('blog_posts')
    .select('id')
    .eq('is_published', true)
    .gt('published_date', since)
    .lte('published_date', new Date().toISOString())
    .limit(1);
  return !error && Boolean(data?.length);
}

/** @typedef {'admin' | 'schedule' | 'cli' | 'deploy' | 'startup'} Trigger */
/**
 * @typedef {object} BuildRow
 * @property {number} id
 * @property {'queued' | 'building' | 'succeeded' | 'failed'} status
 */
/**
 * @typedef {object} Ticket
 * @property {Promise<BuildRow | null>} row The build's row (null when the database could not record it).
 * @property {Trigger} trigger
 * @property {boolean} [full] Render every page, trusting nothing cached (`astro build --force`).
 * @property {Promise<void>} done Settles when the build has ended, either way.
 * @property {() => void} finish
 */

// eslint-disable-next-line no-control-regex
const stripAnsi = (/** @type {string} */ s) => s.replace(/\x1b\[[0-9;]*[A-Za-z]/g, '');

/**
 * Why a build failed, in one line: the cause, never a stack trace (staff read it in the admin; the whole output is in
 * `log_tail`). Astro prints a thrown error as its message, then `Stack trace:` and the frames: the message is the
 * cause. Otherwise Astro's `[ERROR]` line or an `…Error:` line, else the last line of output.
 * @param {string} log
 * @param {number | null} code
 */
export function buildError(log, code) {
  const lines = stripAnsi(log)
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const trace = lines.findIndex((l) => /^Stack trace:?$/i.test(l));
  const marked = lines.findIndex((l) => /\[ERROR\]|^error\b|Error:/i.test(l) && !/^at\s/.test(l));
  const cause = trace > 0 ? lines[trace - 1] : marked >= 0 ? lines[marked] : lines.at(-1);
  return (`astro build exited with code ${code}` + (cause ? `: ${cause}` : '')).slice(0, ERROR_CHARS);
}

/**
 * How many pages a build made, rendered and reused from the previous build (#17): the file it wrote where
 * BUILD_REPORT said (src/integrations/incremental-cache.ts), removed once read. Null when the build wrote none.
 * @param {string} file
 * @returns {Promise<{ page_count: number, pages_rendered: number, pages_reused: number } | null>}
 */
export async function readBuildReport(file) {
  try {
    const report = JSON.parse(await readFile(file, 'utf8'));
    const counts = [report.page_count, report.pages_rendered, report.pages_reused];
    return counts.every((n) => Number.isInteger(n) && n >= 0) ? report : null;
  } catch {
    return null;
  } finally {
    await rm(file, { force: true });
  }
}

/**
 * What a build left out because a stored value could not be used (#26): its `[content] <table> <row> <column>: …`
 * lines (src/lib/content/clean.ts and the other guards print them), each once, at most 200, for site_builds.left_out.
 * @param {string} log
 */
export function leftOut(log) {
  const lines = stripAnsi(log)
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.startsWith('[content] '))
    .map((l) => l.slice('[content] '.length).slice(0, 500));
  return [...new Set(lines)].slice(0, 200);
}

/** The HTML pages in a build folder. @param {string} dir */
export async function countPages(dir) {
  return (await readdir(dir, { recursive: true })).filter((f) => String(f).endsWith('.html')).length;
}

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
 */
export function createPublisher(opts) {
  const { dataDir, supabaseUrl, anonKey, serviceRoleKey, siteUrl, keep = 3, log = () => {} } = opts;
  const buildsDir = path.join(dataDir, 'builds');
  const liveLink = path.join(dataDir, 'live');
  const db = createClient(supabaseUrl, serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false } });
  /** @type {string | null} */
  let live = null;
  /** @type {import('node:child_process').ChildProcess | undefined} */
  let child;
  /** @type {NodeJS.Timeout | undefined} */
  let scheduleTimer;
  let stopped = false;
  /** Settles once the running build's row is no longer 'queued'. */
  let rowLeftQueue = Promise.resolve();

  /**
   * Writes to the build's row; a database that is down must not stop the publisher, so failures are logged.
   * @param {BuildRow | null} row
   * @param {Record<string, unknown>} fields
   */
  async function updateRow(row, fields) {
    if (!row) return;
    const { error } = await db.from('site_builds').update(fields).eq('id', row.id);
    if (error) log(`[publisher] could not record build ${row.id}: ${error.message}`);
  }

  /** @param {Trigger} trigger @param {string | null} requestedBy @returns {Promise<BuildRow | null>} */
  async function insertRow(trigger, requestedBy) {
    const { data, error } = await db
      .from('site_builds')
      .insert({ status: 'queued', trigger, requested_by: requestedBy })
      .select('id, status')
      .single();
    if (error) {
      log(`[publisher] could not record a ${trigger} build request: ${error.message}`);
      return null;
    }
    return /** @type {BuildRow} */ (data);
  }

  /** @param {Ticket} ticket */
  async function run(ticket) {
    /** @type {() => void} */
    let leftQueue = () => {};
    rowLeftQueue = new Promise((resolve) => (leftQueue = () => resolve(undefined)));
    let succeeded = false;
    try {
      const row = await ticket.row;
      if (stopped) {
        await updateRow(row, { status: 'failed', error: 'The publisher stopped before this build started.' });
        return;
      }
      const startedAt = new Date();
      const outDir = path.join(buildsDir, `${startedAt.toISOString().replace(/[:.]/g, '-')}-${row?.id ?? 'x'}`);
      await updateRow(row, { status: 'building', started_at: startedAt.toISOString() });
      leftQueue();
      log(`[publisher] build ${row?.id ?? '?'} (${ticket.trigger}) started`);
      let output = '';
      /** @type {string | null} */
      let error = null;
      try {
        await mkdir(buildsDir, { recursive: true });
        // stop() may have come while the row was being written: do not start a build it cannot kill.
        if (stopped) throw new Error('the publisher is stopping');
        const limit = buildTimeoutMs();
        let timedOut = false;
        const code = await new Promise((resolve) => {
          const c = spawn(process.execPath, [ASTRO, 'build', ...(ticket.full ? ['--force'] : [])], {
            cwd: PROJECT_ROOT,
            env: {
              ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'SUPABASE_SERVICE_ROLE_KEY')),
              PUBLIC_SUPABASE_URL: supabaseUrl,
              PUBLIC_SUPABASE_ANON_KEY: anonKey,
              SITE_URL: siteUrl,
              ASTRO_OUT_DIR: outDir,
              BUILD_REPORT: `${outDir}.report.json`,
              // Fetched Storage images and their optimised copies (D21), and the pages an incremental build may
              // reuse (#17): kept for the next build of this stack, and of no other.
              ASTRO_CACHE_DIR: astroCacheDir(dataDir),
              NO_COLOR: '1',
              FORCE_COLOR: '0',
              ...(opts.buildEnv?.() ?? {}),
            },
            stdio: ['ignore', 'pipe', 'pipe'],
          });
          child = c;
          const timer = setTimeout(() => {
            timedOut = true;
            c.kill('SIGKILL');
          }, limit);
          c.once('close', () => clearTimeout(timer));
          const keepTail = (/** @type {Buffer} */ b) => {
            output = (output + b.toString()).slice(-LOG_TAIL_CHARS * 2);
          };
          c.stdout?.on('data', keepTail);
          c.stderr?.on('data', keepTail);
          c.on('error', (err) => {
            output += `\n${err.message}`;
            resolve(null);
          });
          c.on('close', (exitCode, signal) => resolve(signal ? `${signal}` : exitCode));
        });
        child = undefined;
        if (code !== 0) {
          error = stopped
            ? 'The publisher stopped during this build.'
            : timedOut
              ? timedOutError(limit)
              : buildError(output, code);
        } else {
          const missing = REQUIRED_FILES.filter((f) => !existsSync(path.join(outDir, f)));
          if (missing.length) error = `The build is missing ${missing.join(', ')}; the live site was kept.`;
        }
      } catch (err) {
        error = `The build could not run: ${err instanceof Error ? err.message : err}`;
      }
      const logTail = stripAnsi(output).slice(-LOG_TAIL_CHARS);
      const times = () => {
        const finishedAt = new Date();
        return { finished_at: finishedAt.toISOString(), duration_ms: finishedAt.getTime() - startedAt.getTime() };
      };
      if (!error) {
        try {
          // The build counted its pages (rendered + reused): no second walk of ten thousand folders here.
          const report = await readBuildReport(`${outDir}.report.json`);
          const reuse = report && { pages_rendered: report.pages_rendered, pages_reused: report.pages_reused };
          const pages = report ? report.page_count : await countPages(outDir);
          await switchLive(outDir);
          const t = times();
          await updateRow(row, {
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
          succeeded = true;
          await prune();
        } catch (err) {
          if (!succeeded) error = `The build could not go live: ${err instanceof Error ? err.message : err}`;
        }
      }
      if (error) {
        await rm(outDir, { recursive: true, force: true }).catch(() => {});
        await updateRow(row, { status: 'failed', error, log_tail: logTail, ...times() });
        log(`[publisher] build ${row?.id ?? '?'} failed: ${error.split('\n')[0]}`);
      }
    } finally {
      // Whatever happened, the next build may record its row, and whoever waits on this one hears it ended.
      leftQueue();
      ticket.finish();
      if (!stopped) void scheduleNext(succeeded);
    }
  }

  /**
   * Points DATA_DIR/live at the new build by renaming a fresh symlink over it: rename is atomic, so a reader
   * sees either the old build or the new one, never neither.
   * @param {string} dir
   */
  async function switchLive(dir) {
    const tmp = `${liveLink}.${process.pid}.tmp`;
    await rm(tmp, { force: true });
    await symlink(path.relative(dataDir, dir), tmp);
    await rename(tmp, liveLink);
    live = dir;
  }

  /** Keeps the newest `keep` builds and never the live one's deletion. */
  async function prune() {
    const names = (await readdir(buildsDir).catch(() => [])).sort().reverse();
    for (const name of names.slice(keep)) {
      const dir = path.join(buildsDir, name);
      if (dir !== live) await rm(dir, { recursive: true, force: true }).catch(() => {});
    }
  }

  /** The live build from an earlier run, if its link points at a complete build. */
  function readLive() {
    try {
      const target = path.resolve(dataDir, readlinkSync(liveLink));
      if (statSync(target).isDirectory() && REQUIRED_FILES.every((f) => existsSync(path.join(target, f))))
        return target;
    } catch {
      /* no live build yet */
    }
    return null;
  }

  const queue = createCoalescingQueue({
    /** @returns {Ticket} */
    open: () => {
      /** @type {() => void} */
      let finish = () => {};
      const done = new Promise((resolve) => (finish = () => resolve(undefined)));
      return /** @type {Ticket} */ ({ row: Promise.resolve(null), trigger: 'admin', done, finish });
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
      ticket.row = rowLeftQueue.then(() => insertRow(trigger, requestedBy));
    }
    return { build: await ticket.row, coalesced, done: ticket.done };
  }

  /**
   * Marks rows a previous publisher left queued or building as failed (it stopped before finishing them).
   */
  async function recover() {
    const { data, error } = await db
      .from('site_builds')
      .update({
        status: 'failed',
        error: 'The publisher stopped before this build finished.',
        finished_at: new Date().toISOString(),
      })
      .in('status', ['queued', 'building'])
      .select('id');
    if (error) log(`[publisher] could not recover unfinished builds: ${error.message}`);
    else if (data.length) log(`[publisher] marked ${data.length} unfinished build(s) as failed`);
    return data?.length ?? 0;
  }

  /**
   * Rebuilds when the next scheduled post's time comes (D12); looks again at least every minute, since a post
   * can be scheduled without a publish.
   */
  async function scheduleNext(afterSuccess = false) {
    clearTimeout(scheduleTimer);
    if (stopped) return;
    // A post whose time came while the last build was running is in neither that build nor the future: catch
    // up. Only after a success, so that a failing build is not retried in a loop.
    if (afterSuccess && (await postsDueSinceLastBuild(db))) {
      void request({ trigger: 'schedule' });
      return;
    }
    const { data, error } = await db
      .from('blog_posts')
      .select('published_date')
      .eq('is_published', true)
      .gt('published_date', new Date().toISOString())
      .order('published_date', { ascending: true })
      .limit(1);
    if (stopped) return;
    const next = !error && data?.[0]?.published_date ? Date.parse(data[0].published_date) : null;
    // One second past the time, so the build's own clock sees the post as live.
    const wait = next === null ? SCHEDULE_POLL_MS : Math.min(Math.max(next - Date.now() + 1000, 0), SCHEDULE_POLL_MS);
    scheduleTimer = setTimeout(() => {
      if (next !== null && Date.now() >= next) void request({ trigger: 'schedule' });
      else void scheduleNext();
    }, wait);
    scheduleTimer.unref();
  }

  return {
    /** Recovers unfinished rows, finds the live build, and starts watching the schedule. */
    async start() {
      await recover();
      live = readLive();
      if (live && (await postsDueSinceLastBuild(db))) void request({ trigger: 'schedule' });
      void scheduleNext();
    },
    request,
    recover,
    /** The folder guests are served, or null before the first successful build. */
    liveDir: () => live,
    /** Resolves when no build runs or waits. */
    idle: () => queue.idle(),
    get busy() {
      return queue.busy;
    },
    /** Stops the schedule and any running build (its row is marked failed). */
    async stop() {
      stopped = true;
      clearTimeout(scheduleTimer);
      child?.kill('SIGTERM');
      await queue.idle();
    },
    /** Build folders on disk, newest first. */
    builds: () =>
      existsSync(buildsDir)
        ? readdirSync(buildsDir)
            .sort()
            .reverse()
            .map((n) => path.join(buildsDir, n))
        : [],
  };
}
