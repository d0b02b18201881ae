// @ts-check
/**
 * `npm test`: every suite in one command. Vitest runs the unit tests and the integration tests (which start
 * their own real local stack); Playwright runs the end-to-end tests in Chromium when there are any. Before any
 * test starts, the browser is found (scripts/lib/browser.mjs: CHROME_PATH, a system Chromium or Chrome,
 * Playwright's download, else Debian's chromium installed when root on Debian or Ubuntu); without one, npm test
 * stops at once with one message naming the command that installs one. Each runner writes a JSON report; the closing line `N passed, N failed, N skipped` is summed from them, since
 * the CI harness reads that line and neither runner prints it.
 */
import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readdirSync } from 'node:fs';
import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { PROJECT_ROOT } from '@boudha/local-supabase/config';
import { locateBrowser } from './lib/browser.mjs';
import { envField, parseEnv } from '../src/lib/env/schema.mjs';

const REPORTS = path.join(PROJECT_ROOT, 'test-results');
const bin = (/** @type {string} */ rel) => path.join(PROJECT_ROOT, 'node_modules', rel);

/**
 * Runs a script with Node in the project. With `logFile`, its output is kept there instead of shown (printed by the
 * caller once it is done, so that two runners at once do not interleave their lines).
 * @param {string} script
 * @param {string[]} args
 * @param {Record<string, string>} [env]
 * @param {string} [logFile]
 * @returns {Promise<number>}
 */
function run(script, args, env = {}, logFile) {
  return new Promise((resolve) => {
    const out = logFile ? openSync(logFile, 'w') : null;
    const child = spawn(process.execPath, [script, ...args], {
      cwd: PROJECT_ROOT,
      stdio: out === null ? 'inherit' : ['ignore', out, out],
      env: { ...process.env, ...env },
    });
    const forward = (/** @type {NodeJS.Signals} */ s) => child.kill(s);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      if (out !== null) closeSync(out);
      resolve(signal ? 1 : (code ?? 1));
    });
  });
}

/** @param {string} file */
async function readJson(file) {
  try {
    return JSON.parse(await readFile(file, 'utf8'));
  } catch {
    return undefined;
  }
}

const hasSpecs = (/** @type {string} */ dir) =>
  existsSync(dir) && readdirSync(dir, { recursive: true }).some((f) => String(f).endsWith('.spec.ts'));

const e2e = hasSpecs(path.join(PROJECT_ROOT, 'tests/e2e'));
if (e2e) {
  try {
    const browser = locateBrowser({ install: true });
    console.log(`browser for the end-to-end tests: ${browser.path} (${browser.source})`);
    // Playwright's config (and anything else these runs start) reads it from here.
    process.env.CHROME_PATH = browser.path;
  } catch (err) {
    console.error(`\nnpm test: ${err instanceof Error ? err.message : err}`);
    process.exit(1);
  }
}

await rm(REPORTS, { recursive: true, force: true });
await mkdir(REPORTS, { recursive: true });
const started = Date.now();
const totals = { passed: 0, failed: 0, skipped: 0 };
let exit = 0;

// The runners at once (#28: npm test in under ten minutes on two cores): Playwright and vitest each have their own
// stack, ports and data dirs, and both spend much of their time waiting (on the database, the browser, a publish),
// so together they take little longer than the end-to-end tests alone. Playwright's output is kept in
// test-results/playwright.log and shown after vitest's. TEST_SERIAL=1 runs them one after the other, with one vitest run for every project, as before.
const { TEST_SERIAL: serial } = parseEnv('npm test', { TEST_SERIAL: envField.flag() });
const pwJson = path.join(REPORTS, 'playwright.json');
const pwLog = path.join(REPORTS, 'playwright.log');
const startE2e = () => run(bin('@playwright/test/cli.js'), ['test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson }, pwLog);
const e2eRun = e2e && !serial ? startE2e() : null;

/**
 * Starts a vitest run of `projects` (every project when empty); resolves with its exit code and its JSON report's
 * path, for countVitest.
 * @param {string} name the report's name, test-results/<name>.json
 * @param {string[]} projects
 * @param {string} [logFile] where the output goes instead of the terminal
 */
const startVitest = (name, projects, logFile) => {
  const json = path.join(REPORTS, `${name}.json`);
  const args = ['run', ...projects.map((p) => `--project=${p}`), '--reporter=default', '--reporter=json'];
  return run(bin('vitest/vitest.mjs'), [...args, `--outputFile.json=${json}`], {}, logFile).then((code) => ({
    code,
    json,
  }));
};

/** Adds a vitest report to the totals; a missing or failed one fails npm test. */
async function countVitest(/** @type {{ code: number, json: string }} */ { code, json }) {
  const vitest = await readJson(json);
  if (vitest) {
    totals.passed += vitest.numPassedTests ?? 0;
    // A suite that fails in a hook leaves its tests "skipped": count the suite as a failure.
    totals.failed +=
      (vitest.numFailedTests ?? 0) || (vitest.success === false ? Math.max(1, vitest.numFailedTestSuites ?? 0) : 0);
    totals.skipped += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
  } else {
    totals.failed += 1;
  }
  if (code !== 0 || vitest?.success === false) exit = 1;
}

// Vitest gives the integration project (its files one after another on one real stack) the machine's cores but
// one, which on two cores is a single worker for every project: the unit, admin and package tests then wait for
// the integration files, or these for them (#28). In parallel mode they are two runs at once: the integration
// files in the foreground, everything else beside them (its output in test-results/vitest-rest.log, shown after).
if (serial) await countVitest(await startVitest('vitest', []));
else {
  const restLog = path.join(REPORTS, 'vitest-rest.log');
  const rest = startVitest('vitest-rest', ['!integration'], restLog);
  const integration = await startVitest('vitest', ['integration']);
  const restRun = await rest;
  console.log('\nUnit, admin and package tests (vitest, run alongside):');
  process.stdout.write(await readFile(restLog, 'utf8').catch(() => 'npm test: the vitest log is missing\n'));
  await countVitest(integration);
  await countVitest(restRun);
}

if (e2e) {
  if (e2eRun) console.log('\nEnd-to-end tests (Playwright, run alongside vitest):');
  const pwCode = await (e2eRun ?? startE2e());
  process.stdout.write(await readFile(pwLog, 'utf8').catch(() => 'npm test: the Playwright log is missing\n'));
  const pw = await readJson(pwJson);
  if (pw?.stats) {
    totals.passed += (pw.stats.expected ?? 0) + (pw.stats.flaky ?? 0);
    totals.failed += pw.stats.unexpected ?? 0;
    totals.skipped += pw.stats.skipped ?? 0;
  } else {
    totals.failed += 1;
  }
  if (pwCode !== 0) exit = 1;
}

console.log(`\nAll suites finished in ${((Date.now() - started) / 1000).toFixed(1)} s`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(exit || (totals.failed ? 1 : 0));
