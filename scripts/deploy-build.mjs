// @ts-check
/**
 * The production build with its `site_builds` row (D17), for the deploy workflow and for hosts that build
 * themselves (Netlify, Cloudflare Pages):
 *
 *   node scripts/deploy-build.mjs run      build into dist/, check it, record succeeded or failed (host builds)
 *   node scripts/deploy-build.mjs build    build and check, leave the row 'building' (GitHub Actions, then deploy)
 *   node scripts/deploy-build.mjs finish --status succeeded|failed [--error TEXT]   after the deploy step
 *
 * The row is the one rebuild-site queued (SITE_BUILD_ID, or the oldest queued row), else a new one with
 * BUILD_TRIGGER ('deploy' on push, 'schedule' hourly). Needs PUBLIC_SUPABASE_URL, PUBLIC_SUPABASE_ANON_KEY and
 * SITE_URL for the build; SUPABASE_SERVICE_ROLE_KEY to record rows (without it, the build runs unrecorded). The
 * build itself never gets the service-role key.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createClient } from '@supabase/supabase-js';
import { PROJECT_ROOT } from './local-supabase/config.mjs';
import { REQUIRED_FILES, buildError, countPages, postsDueSinceLastBuild } from './publisher/publisher.mjs';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { status: { type: 'string' }, error: { type: 'string' }, 'if-unfinished': { type: 'boolean' } },
});
const command = positionals[0] ?? 'run';
const outDir = path.resolve(PROJECT_ROOT, process.env.ASTRO_OUT_DIR ?? 'dist');
const idFile = path.join(PROJECT_ROOT, '.deploy-build-id');
const env = process.env;
const db = env.SUPABASE_SERVICE_ROLE_KEY
  ? createClient(env.PUBLIC_SUPABASE_URL ?? '', env.SUPABASE_SERVICE_ROLE_KEY, {
      auth: { persistSession: false, autoRefreshToken: false },
    })
  : null;

/** @param {number | null} id @param {Record<string, unknown>} fields */
async function update(id, fields) {
  if (!db || !id) return;
  const { error } = await db.from('site_builds').update(fields).eq('id', id);
  if (error) console.warn(`deploy-build: could not record build ${id}: ${error.message}`);
}

/** The row this build answers: SITE_BUILD_ID, else the oldest queued one, else a new one. */
async function takeRow() {
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
 * For the hourly run: true when no scheduled post became due since the last successful build and nothing is
 * queued, so there is nothing new to publish.
 */
async function nothingDue() {
  if (!db || env.BUILD_TRIGGER !== 'schedule') return false;
  const { data: queued } = await db.from('site_builds').select('id').eq('status', 'queued').limit(1);
  if (queued?.length) return false;
  const { count } = await db.from('site_builds').select('id', { count: 'exact', head: true }).eq('status', 'succeeded');
  return Boolean(count) && !(await postsDueSinceLastBuild(db));
}

async function build() {
  for (const k of ['PUBLIC_SUPABASE_URL', 'PUBLIC_SUPABASE_ANON_KEY', 'SITE_URL']) {
    if (!env[k]) throw new Error(`${k} is not set`);
  }
  await rm(idFile, { force: true });
  if (await nothingDue()) {
    console.log('deploy-build: no scheduled post became due since the last build; nothing to publish.');
    if (env.GITHUB_OUTPUT) await writeFile(env.GITHUB_OUTPUT, 'skip=true\n', { flag: 'a' });
    return null;
  }
  const id = await takeRow();
  const startedAt = new Date();
  await update(id, { status: 'building', started_at: startedAt.toISOString() });
  if (id) await writeFile(idFile, `${id}\n${startedAt.toISOString()}\n`);
  let log = '';
  /** @type {NodeJS.ProcessEnv} */
  const childEnv = { ...env, ASTRO_OUT_DIR: outDir, NO_COLOR: '1' };
  delete childEnv.SUPABASE_SERVICE_ROLE_KEY;
  const code = await new Promise((resolve) => {
    const c = spawn(process.execPath, [path.join(PROJECT_ROOT, 'node_modules/astro/bin/astro.mjs'), 'build'], {
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
    c.on('close', resolve);
  });
  const missing = code === 0 ? REQUIRED_FILES.filter((f) => !existsSync(path.join(outDir, f))) : [];
  const error =
    code !== 0
      ? buildError(log, /** @type {number} */ (code))
      : missing.length
        ? `The build is missing ${missing.join(', ')}.`
        : null;
  const pages = error ? null : await countPages(outDir);
  const finishedAt = new Date();
  const result = {
    page_count: pages,
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
  return { id, startedAt, pages };
}

/**
 * Records the end of the build this run took (from the id file, else SITE_BUILD_ID). With `ifUnfinished`, only
 * a row still queued or building is touched: the workflow's always-run last step.
 * @param {'succeeded' | 'failed'} status @param {string | undefined} error @param {boolean} [ifUnfinished]
 */
async function finish(status, error, ifUnfinished = false) {
  const [fileId, started] = existsSync(idFile) ? (await readFile(idFile, 'utf8')).trim().split('\n') : [];
  const id = Number(fileId || (/^\d+$/.test(env.SITE_BUILD_ID ?? '') ? env.SITE_BUILD_ID : 0));
  if (!id) return console.warn('deploy-build: no recorded build to finish.');
  if (!db) return;
  const finishedAt = new Date();
  let query = db
    .from('site_builds')
    .update({
      status,
      finished_at: finishedAt.toISOString(),
      ...(started ? { duration_ms: finishedAt.getTime() - Date.parse(started) } : {}),
      ...(status === 'failed'
        ? { error: (error || 'The deploy step failed; the previous site stays live.').slice(0, 10_000) }
        : {}),
    })
    .eq('id', id);
  if (ifUnfinished) query = query.in('status', ['queued', 'building']);
  const { error: writeError } = await query;
  if (writeError) console.warn(`deploy-build: could not record build ${id}: ${writeError.message}`);
}

try {
  if (command === 'build') await build();
  else if (command === 'run') {
    if (await build()) await finish('succeeded', undefined);
  } else if (command === 'finish') {
    if (values.status !== 'succeeded' && values.status !== 'failed') throw new Error('--status succeeded|failed');
    await finish(values.status, values.error, values['if-unfinished']);
  } else throw new Error(`unknown command ${command} (run, build, finish)`);
} catch (err) {
  console.error(`deploy-build: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
}
