// @ts-check
/**
 * The production build with its `site_builds` row (D17), for the deploy workflow and for hosts that build
 * themselves (Netlify, Cloudflare Pages):
 *
 *   node scripts/deploy-build.mjs due      before npm install: is a build needed? (scheduled-posts.yml; no dependency)
 *   node scripts/deploy-build.mjs run      build into dist/, check it, record succeeded or failed (host builds)
 *   node scripts/deploy-build.mjs build [--force]   build and check, leave the row 'building' (deploy.yml, then deploy)
 *   node scripts/deploy-build.mjs finish --status succeeded|failed [--error TEXT]   after the deploy step; changes
 *                                          only a row still queued or building, so an outcome is recorded once
 *
 * The row is the one rebuild-site queued (SITE_BUILD_ID, or the oldest queued row), else a new one with
 * BUILD_TRIGGER ('deploy' after CI, 'schedule' from the Scheduled posts workflow). A legacy JWT key given for a
 * hosted project draws a deprecation notice; a build near the host's file limit a warning (HOST_FILE_LIMIT); a build
 * past BUILD_TIMEOUT_MS is stopped. Needs PUBLIC_SUPABASE_URL, PUBLIC_SUPABASE_ANON_KEY and
 * SITE_URL for the build; SUPABASE_SERVICE_ROLE_KEY to record rows (without it, the build runs unrecorded). Either
 * kind of key works: the anon key may be the publishable key (sb_publishable_…) and the service-role key a secret
 * key (sb_secret_…); nothing here reads a key as a JWT. The build itself never gets the service-role key.
 *
 * After a build that passed, `build` (and `run`) prints the SEO report of dist/ (#29, the publisher's
 * seo-report.mjs) and stores it on the row: advice only, so neither a finding nor a checker that fails stops the
 * deploy (a failure is printed and nothing is stored).
 *
 * Only node: built-ins are imported up front, and `due` and `finish` use fetch alone: `due` runs on a fresh
 * checkout with any Node ≥ 20, before (and, when nothing is due, instead of) npm install, and `finish` still
 * records a failed row when the install itself failed. `build` loads supabase-js and the publisher's helpers
 * (the SEO report among them).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { warnLegacyKeys } from './lib/api-keys.mjs';

const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    status: { type: 'string' },
    error: { type: 'string' },
    force: { type: 'boolean' },
  },
});
const command = positionals[0] ?? 'run';
const outDir = path.resolve(PROJECT_ROOT, process.env.ASTRO_OUT_DIR ?? 'dist');
const idFile = path.join(PROJECT_ROOT, '.deploy-build-id');
const env = process.env;

/** @type {Promise<import('@supabase/supabase-js').SupabaseClient | null> | undefined} */
let dbClient;
/** The service-role client that writes site_builds, or null without SUPABASE_SERVICE_ROLE_KEY. */
function database() {
  dbClient ??= env.SUPABASE_SERVICE_ROLE_KEY
    ? import('@supabase/supabase-js').then(({ createClient }) =>
        createClient(env.PUBLIC_SUPABASE_URL ?? '', env.SUPABASE_SERVICE_ROLE_KEY ?? '', {
          auth: { persistSession: false, autoRefreshToken: false },
        }),
      )
    : Promise.resolve(null);
  return dbClient;
}

/** @param {number | null} id @param {Record<string, unknown>} fields */
async function update(id, fields) {
  const db = await database();
  if (!db || !id) return;
  const { error } = await db.from('site_builds').update(fields).eq('id', id);
  if (error) console.warn(`deploy-build: could not record build ${id}: ${error.message}`);
}

/** The row this build answers: SITE_BUILD_ID, else the oldest queued one, else a new one. */
async function takeRow() {
  const db = await database();
  if (!db) {
    console.warn('deploy-build: SUPABASE_SERVICE_ROLE_KEY is not set; this build is not recorded in site_builds.');
    return null;
  }
  // SITE_BUILD_ID, not BUILD_ID: Netlify sets BUILD_ID to its own (hex) id in every build.
  if (/^\d+$/.test(env.SITE_BUILD_ID ?? '')) return Number(env.SITE_BUILD_ID);
  const { data: queued } = await db.from('site_builds').select('id').eq('status', 'queued').order('id').limit(1);
  if (queued?.length) return queued[0].id;
  const trigger = env.BUILD_TRIGGER === 'schedule' ? 'schedule' : 'deploy';
  const { data, error } = await db.from('site_builds').insert({ status: 'building', trigger }).select('id').single();
  if (error) console.warn(`deploy-build: could not record the build: ${error.message}`);
  return data?.id ?? null;
}

/**
 * How far back the hourly run looks for a post that became due when it cannot read the build history (no
 * service-role key): the hour since the previous run, plus five minutes for a late start.
 */
const DUE_WINDOW_MS = 65 * 60_000;

/**
 * A request to Supabase's REST API with plain fetch (no dependency). A new-style key (`sb_…`) goes in `apikey`
 * only; a legacy JWT key also as the bearer, as supabase-js has always sent it.
 * @param {string} url @param {string} key @param {string} query
 * @param {{ method?: 'GET' | 'PATCH', body?: unknown }} [options]
 * @returns {Promise<Array<Record<string, any>>>} the rows (GET), or [] (PATCH)
 */
async function rest(url, key, query, { method = 'GET', body } = {}) {
  /** @type {Record<string, string>} */
  const headers = { apikey: key, Accept: 'application/json' };
  if (!key.startsWith('sb_')) headers.Authorization = `Bearer ${key}`;
  if (body !== undefined) Object.assign(headers, { 'Content-Type': 'application/json', Prefer: 'return=minimal' });
  const res = await fetch(`${url.replace(/\/+$/, '')}/rest/v1/${query}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(20_000),
  });
  if (!res.ok) throw new Error(`${query.split('?')[0]} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  return method === 'GET' ? res.json() : [];
}

/**
 * Whether this run should build, written to GITHUB_OUTPUT as `due=true|false` (the deploy workflow skips every
 * later step on false). Runs before npm install, with fetch alone. Push, dispatch and manual runs always build.
 * The hourly run builds when a build is queued (its dispatch may have been lost), when no build has succeeded yet,
 * or when a live post's published_date came after the last successful build started: the same rule as the local
 * publisher's (postsDueSinceLastBuild), so a late or skipped hourly run, or a failed build, is caught up by the
 * next one. Without SUPABASE_SERVICE_ROLE_KEY (the history is staff-only) it looks back DUE_WINDOW_MS instead.
 * Posts are read with the anon key, which sees live posts only (published, and dated now or earlier).
 * When in doubt (a variable missing, the database not answering) it builds: a spare build costs less than a
 * post that never goes live.
 */
async function due() {
  const decide = async (/** @type {boolean} */ yes, /** @type {string} */ why) => {
    console.log(`deploy-build: ${yes ? 'build' : 'nothing to build'}: ${why}.`);
    if (env.GITHUB_OUTPUT) await writeFile(env.GITHUB_OUTPUT, `due=${yes}\n`, { flag: 'a' });
  };
  if (env.BUILD_TRIGGER !== 'schedule') return decide(true, `a ${env.BUILD_TRIGGER || 'deploy'} run always builds`);
  const url = env.PUBLIC_SUPABASE_URL ?? '';
  const anonKey = env.PUBLIC_SUPABASE_ANON_KEY ?? '';
  if (!url || !anonKey) return decide(true, 'PUBLIC_SUPABASE_URL or PUBLIC_SUPABASE_ANON_KEY is not set');
  try {
    let since = new Date(Date.now() - DUE_WINDOW_MS).toISOString();
    let basis = 'in the last 65 minutes (no SUPABASE_SERVICE_ROLE_KEY to read the build history)';
    const serviceKey = env.SUPABASE_SERVICE_ROLE_KEY ?? '';
    if (serviceKey) {
      const queued = await rest(url, serviceKey, 'site_builds?select=id&status=eq.queued&order=id&limit=1');
      if (queued.length) return decide(true, `build ${queued[0].id} is queued`);
      const last = await rest(
        url,
        serviceKey,
        'site_builds?select=started_at&status=eq.succeeded&started_at=not.is.null&order=started_at.desc&limit=1',
      );
      if (!last.length) return decide(true, 'no build has succeeded yet');
      since = last[0].started_at;
      basis = `since the last successful build started (${since})`;
    }
    const now = new Date().toISOString();
    const posts = await rest(
      url,
      anonKey,
      `blog_posts?select=slug,published_date&is_published=eq.true&published_date=gt.${encodeURIComponent(since)}` +
        `&published_date=lte.${encodeURIComponent(now)}&order=published_date&limit=1`,
    );
    if (posts.length) return decide(true, `the post ${posts[0].slug} became due at ${posts[0].published_date}`);
    return decide(false, `no scheduled post became due ${basis}`);
  } catch (err) {
    return decide(true, `could not tell (${err instanceof Error ? err.message : err}), so building to be safe`);
  }
}

/**
 * Cloudflare Pages takes at most 20,000 files in one deployment on its free plan (Pages limits: "Files"); over it,
 * `wrangler pages deploy` fails and the previous site stays live. Set HOST_FILE_LIMIT to your plan's figure (0: no
 * limit, as on Netlify). From 90% on, every build warns (a GitHub Actions warning in the run's summary, and a line in
 * the build's log_tail), so staff can trim drafts or old posts before publishing stops.
 */
export const CLOUDFLARE_FILE_LIMIT = 20_000;

/** The warning for dist/'s file count near the host's limit, or ''. */
async function fileLimitWarning() {
  const fallback = env.REDIRECTS_FORMAT === 'cloudflare' ? CLOUDFLARE_FILE_LIMIT : 0;
  const limit = Number(env.HOST_FILE_LIMIT ?? fallback) || 0;
  if (!limit) return '';
  const { readdir } = await import('node:fs/promises');
  const files = (await readdir(outDir, { recursive: true, withFileTypes: true })).filter((d) => d.isFile()).length;
  if (files < limit * 0.9) return '';
  const text =
    `dist/ has ${files.toLocaleString('en')} files; the host takes at most ${limit.toLocaleString('en')} in one ` +
    `deployment (HOST_FILE_LIMIT). ${files > limit ? 'This deploy will be refused' : 'Past it, deploys are refused'} ` +
    'and the previous site stays live: remove unused uploads or old posts, or move to a plan with a higher limit.';
  console.warn(env.GITHUB_ACTIONS === 'true' ? `::warning title=Host file limit::${text}` : `deploy-build: ${text}`);
  return `\n[warning] ${text}\n`;
}

async function build() {
  // The build's environment, checked all at once (src/lib/env/build.mjs; zod, loaded here only: `due` and
  // `finish` run before npm install). A production build names its site and its Supabase: no local default
  // stands in for them.
  const { parseEnv } = await import('../src/lib/env/schema.mjs');
  const { BUILD_ENV } = await import('../src/lib/env/build.mjs');
  parseEnv('deploy-build build', BUILD_ENV, process.env, {
    PUBLIC_SUPABASE_URL: true,
    SITE_URL: true,
  });
  if (!env.PUBLIC_SUPABASE_ANON_KEY) throw new Error('PUBLIC_SUPABASE_ANON_KEY is not set');
  await rm(idFile, { force: true });
  const { REQUIRED_FILES, buildError, buildTimeoutMs, countPages, leftOut, readBuildReport, timedOutError } =
    await import('@boudha/publisher/build-runner');
  const limit = buildTimeoutMs();
  let timedOut = false;
  const id = await takeRow();
  const startedAt = new Date();
  await update(id, { status: 'building', started_at: startedAt.toISOString() });
  if (id) await writeFile(idFile, `${id}\n${startedAt.toISOString()}\n`);
  let log = '';
  const reportFile = `${outDir}.report.json`;
  /** @type {NodeJS.ProcessEnv} */
  const childEnv = { ...env, ASTRO_OUT_DIR: outDir, BUILD_REPORT: reportFile, NO_COLOR: '1' };
  delete childEnv.SUPABASE_SERVICE_ROLE_KEY;
  const code = await new Promise((resolve) => {
    // `deploy-build.mjs build --force` renders every page, trusting nothing in the incremental cache (#17).
    const args = ['build', ...(values.force ? ['--force'] : [])];
    const c = spawn(process.execPath, [path.join(PROJECT_ROOT, 'node_modules/astro/bin/astro.mjs'), ...args], {
      cwd: PROJECT_ROOT,
      env: childEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const tee = (/** @type {NodeJS.WriteStream} */ to) => (/** @type {Buffer} */ b) => {
      to.write(b);
      log = (log + b.toString()).slice(-40_000);
    };
    c.stdout?.on('data', tee(process.stdout));
    c.stderr?.on('data', tee(process.stderr));
    const timer = setTimeout(() => {
      timedOut = true;
      c.kill('SIGKILL');
    }, limit);
    c.on('close', (exitCode, signal) => {
      clearTimeout(timer);
      resolve(signal ? 1 : exitCode);
    });
  });
  const missing = code === 0 ? REQUIRED_FILES.filter((f) => !existsSync(path.join(outDir, f))) : [];
  const error =
    code !== 0
      ? timedOut
        ? timedOutError(limit)
        : buildError(log, /** @type {number} */ (code))
      : missing.length
        ? `The build is missing ${missing.join(', ')}.`
        : null;
  const report = error ? null : await readBuildReport(reportFile);
  const pages = error ? null : (report?.page_count ?? (await countPages(outDir)));
  if (!error) log += await fileLimitWarning();
  const finishedAt = new Date();
  const result = {
    page_count: pages,
    ...(report ? { pages_rendered: report.pages_rendered, pages_reused: report.pages_reused } : {}),
    left_out: leftOut(log),
    log_tail: log.slice(-20_000),
    ...(error
      ? {
          status: 'failed',
          error,
          finished_at: finishedAt.toISOString(),
          duration_ms: finishedAt.getTime() - startedAt.getTime(),
        }
      : {}),
  };
  await update(id, result);
  if (error) throw new Error(error);
  // After the row has its figures: a report the database refused must not cost the build its record.
  const seo = await seoReportOf(outDir);
  if (seo) await update(id, { seo_report: seo });
  return { id, startedAt, pages };
}

/** How many findings the build's output lists under the SEO report's one-line summary. */
const SEO_LINES = 30;

/**
 * The SEO report of the build folder (#29), printed (a summary, then up to SEO_LINES findings) for the run's log.
 * Advice: null, after a warning, when it cannot be made; never a failed build.
 * @param {string} dir
 */
async function seoReportOf(dir) {
  try {
    const { reportLine, seoReport } = await import('@boudha/publisher/seo-report');
    const report = await seoReport(dir, { siteUrl: env.SITE_URL });
    console.log(`deploy-build: SEO report (advice, never a failure): ${reportLine(report)}`);
    for (const f of report.findings.slice(0, SEO_LINES)) console.log(`  ${f.kind}  ${f.path}  ${f.detail}`);
    if (report.total > SEO_LINES)
      console.log(`  … and ${report.total - SEO_LINES} more (the admin's Site health tab lists them).`);
    return report;
  } catch (err) {
    console.warn(`deploy-build: no SEO report (${err instanceof Error ? err.message : err}); the build goes on.`);
    return null;
  }
}

/**
 * Records the end of the build this run took (from the id file, else SITE_BUILD_ID), once: only a row still queued
 * or building changes, so a second call (the workflow's always-run step, a retried run) never overwrites the first
 * outcome. A request that fails is tried three times; if it still fails, the command fails (the run shows it), and
 * the row stays 'building' until the next build or the function's staleness rule settles it.
 * @param {'succeeded' | 'failed'} status @param {string | undefined} error
 * @returns {Promise<boolean>} whether the outcome is on record
 */
async function finish(status, error) {
  const [fileId, started] = existsSync(idFile) ? (await readFile(idFile, 'utf8')).trim().split('\n') : [];
  const id = Number(fileId || (/^\d+$/.test(env.SITE_BUILD_ID ?? '') ? env.SITE_BUILD_ID : 0));
  if (!id) {
    console.warn('deploy-build: no recorded build to finish.');
    return true;
  }
  const url = env.PUBLIC_SUPABASE_URL ?? '';
  const key = env.SUPABASE_SERVICE_ROLE_KEY ?? '';
  if (!url || !key) return true;
  const finishedAt = new Date();
  const fields = {
    status,
    finished_at: finishedAt.toISOString(),
    ...(started ? { duration_ms: finishedAt.getTime() - Date.parse(started) } : {}),
    ...(status === 'failed'
      ? { error: (error || 'The deploy step failed; the previous site stays live.').slice(0, 10_000) }
      : {}),
  };
  // Plain fetch, not supabase-js: the workflow's always-run last step must work even when npm ci failed.
  for (let attempt = 1; ; attempt++) {
    try {
      await rest(url, key, `site_builds?id=eq.${id}&status=in.(queued,building)`, { method: 'PATCH', body: fields });
      return true;
    } catch (err) {
      console.warn(
        `deploy-build: could not record build ${id} (try ${attempt} of 3): ${err instanceof Error ? err.message : err}`,
      );
      if (attempt === 3) return false;
      await new Promise((r) => setTimeout(r, 2000 * attempt));
    }
  }
}

try {
  warnLegacyKeys(env.PUBLIC_SUPABASE_URL ?? '', {
    PUBLIC_SUPABASE_ANON_KEY: env.PUBLIC_SUPABASE_ANON_KEY,
    SUPABASE_SERVICE_ROLE_KEY: env.SUPABASE_SERVICE_ROLE_KEY,
  });
  if (command === 'due') await due();
  else if (command === 'build') await build();
  else if (command === 'run') {
    await build();
    if (!(await finish('succeeded', undefined))) process.exitCode = 1;
  } else if (command === 'finish') {
    if (values.status !== 'succeeded' && values.status !== 'failed') throw new Error('--status succeeded|failed');
    if (!(await finish(values.status, values.error))) process.exitCode = 1;
  } else throw new Error(`unknown command ${command} (due, run, build, finish)`);
} catch (err) {
  console.error(`deploy-build: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
}
