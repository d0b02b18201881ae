// @ts-check
/**
 * One build: `astro build` in a child process with the anon key only (D2; the service-role key stays in the
 * publisher), into its own folder, within a time limit; then what it says of itself: its counts from the report
 * file it wrote (BUILD_REPORT), why it failed in one line, what it left out, whether it has the files a live
 * site needs.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { PROJECT_ROOT } from '@boudha/local-supabase/config';
import { publisherEnvironment } from './env.mjs';

const ASTRO = path.join(PROJECT_ROOT, 'node_modules/astro/bin/astro.mjs');
/** Files a build must contain before it may go live. */
export const REQUIRED_FILES = ['index.html', '404.html', 'sitemap.xml'];
/** How much of a build's output its row keeps. */
export const LOG_TAIL_CHARS = 20_000;
const ERROR_CHARS = 10_000;

/**
 * The longest a build may take (BUILD_TIMEOUT_MS, default 15 minutes): past it the build is stopped, recorded as
 * failed and the live site stays (#26). A full build of 10,000 posts takes under a minute here; a build that runs
 * for many minutes is stuck on something (a text marked crawls on, a hung request), and would hold every publish
 * behind it. Read when each build starts.
 */
export function buildTimeoutMs(env = process.env) {
  return publisherEnvironment(env).BUILD_TIMEOUT_MS;
}

/** The error of a build stopped at the time limit. @param {number} ms */
export function timedOutError(ms) {
  const span =
    ms >= 60_000 ? `${Math.round(ms / 60_000)} minutes` : ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`;
  return `The build took longer than ${span} (BUILD_TIMEOUT_MS) and was stopped; the live site was kept.`;
}
// eslint-disable-next-line no-control-regex
export const stripAnsi = (/** @type {string} */ s) => s.replace(/\x1b\[[0-9;]*[A-Za-z]/g, '');

/**
 * Why a build failed, in one line: the cause, never a stack trace (staff read it in the admin; the whole output is in
 * `log_tail`). Astro prints a thrown error as its message, then `Stack trace:` and the frames: the message is the
 * cause. Otherwise Astro's `[ERROR]` line or an `…Error:` line, else the last line of output.
 * @param {string} log
 * @param {number | string | null} code
 */
export function buildError(log, code) {
  const lines = stripAnsi(log)
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const trace = lines.findIndex((l) => /^Stack trace:?$/i.test(l));
  const marked = lines.findIndex((l) => /\[ERROR\]|^error\b|Error:/i.test(l) && !/^at\s/.test(l));
  // An error thrown in an integration's hook has its place between the message and the trace (`Location:` and a
  // file line): the message is above it.
  const located = trace > 2 && /^Location:?$/i.test(lines[trace - 2]);
  const cause = trace > 0 ? lines[trace - (located ? 3 : 1)] : marked >= 0 ? lines[marked] : lines.at(-1);
  return (`astro build exited with code ${code}` + (cause ? `: ${cause}` : '')).slice(0, ERROR_CHARS);
}

/**
 * How many pages a build made, rendered and reused from the previous build (#17): the file it wrote where
 * BUILD_REPORT said (src/integrations/incremental-cache.ts), removed once read. Null when the build wrote none.
 * A layered build (#28) adds `release`: every generated page's key, the pages it left out, and what each page it
 * rendered refers to.
 * @param {string} file
 * @returns {Promise<{ page_count: number, pages_rendered: number, pages_reused: number, timing?: Record<string, number>, release?: import('./releases.mjs').BuildRelease } | null>}
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
 * Runs `astro build` into `outDir`. The environment is the publisher's without the service-role key, plus `env`.
 * Resolves with the exit code (or the signal that ended it, or null when it could not start), the tail of its
 * output, and whether the time limit stopped it.
 * @param {{ outDir: string, full?: boolean, env: Record<string, string>, code?: string, onStart?: (child: import('node:child_process').ChildProcess) => void }} opts
 *   `code`: the code the build runs (releases.mjs's codeDigest), which the warm builder (warm-builder.mjs) heeds.
 * @returns {Promise<{ code: number | string | null, output: string, timedOut: boolean, limit: number }>}
 */
export function runBuild({ outDir, full = false, env, onStart }) {
  const limit = buildTimeoutMs();
  let timedOut = false;
  let output = '';
  return new Promise((resolve) => {
    const c = spawn(process.execPath, [ASTRO, 'build', ...(full ? ['--force'] : [])], {
      cwd: PROJECT_ROOT,
      env: {
        ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'SUPABASE_SERVICE_ROLE_KEY')),
        ASTRO_OUT_DIR: outDir,
        BUILD_REPORT: reportFileOf(outDir),
        NO_COLOR: '1',
        FORCE_COLOR: '0',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    onStart?.(c);
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
    const done = (/** @type {number | string | null} */ code) => resolve({ code, output, timedOut, limit });
    c.on('error', (err) => {
      output += `\n${err.message}`;
      done(null);
    });
    c.on('close', (exitCode, signal) => done(signal ? `${signal}` : exitCode));
  });
}

/** Where a build writes its report (BUILD_REPORT): next to its folder, not inside what goes live. */
export const reportFileOf = (/** @type {string} */ outDir) => `${outDir}.report.json`;

/** The files a live site needs that a finished build lacks (empty when it has them all). @param {string} dir */
export const missingFiles = (dir) => REQUIRED_FILES.filter((f) => !existsSync(path.join(dir, f)));
