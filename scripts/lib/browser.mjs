// @ts-check
/**
 * The Chromium-based browser that the end-to-end tests and the audit drive, looked for in this order:
 *
 *   1. `CHROME_PATH`, when set (it must name an executable file);
 *   2. a system Chromium or Google Chrome: on PATH (chromium, chromium-browser, google-chrome-stable,
 *      google-chrome, chrome), then where their packages install them;
 *   3. Playwright's own download (`npx playwright install chromium`);
 *   4. with `install`, on Debian or Ubuntu as root: Debian's `chromium` package, installed with apt-get;
 *   5. else none: one message naming the command that installs one.
 *
 * Knobs for testing this file's own paths, never needed otherwise: `BROWSER_SEARCH_PATHS` (browser paths separated
 * as in PATH, replacing steps 2 and 3: `/nonexistent` plays a machine without a browser) and `BROWSER_INSTALL` (`no`
 * skips step 4, `dry-run` prints its command without running it).
 *
 * The decisions are pure functions of what they are given (platform, environment, candidate paths, os-release),
 * so tests/unit/browser.test.ts covers them without taking any browser away; `locateBrowser` does the looking.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** Command names of Chromium and Chrome, in order of preference. */
export const BROWSER_NAMES = ['chromium', 'chromium-browser', 'google-chrome-stable', 'google-chrome', 'chrome'];

/** What apt-get runs on Debian or Ubuntu (Debian's package: no snap, no download of a browser build). */
export const APT_STEPS = [
  ['apt-get', 'update', '-qq'],
  ['apt-get', 'install', '-y', '-qq', '--no-install-recommends', 'chromium'],
];
export const APT_COMMAND = APT_STEPS.map((s) => s.join(' ')).join(' && ');

/**
 * @typedef {{ path: string, source: string }} Candidate
 * @typedef {{ platform: NodeJS.Platform, env: NodeJS.ProcessEnv }} Place
 */

/**
 * Where a system Chromium or Chrome may be, in order: PATH first, then the usual install places.
 * @param {Place} place
 * @returns {string[]}
 */
export function systemPaths({ platform, env }) {
  const p = platform === 'win32' ? path.win32 : path.posix;
  const pathVar = env.PATH ?? env.Path ?? '';
  const dirs = pathVar.split(platform === 'win32' ? ';' : ':').filter(Boolean);
  const exe = platform === 'win32' ? '.exe' : '';
  const onPath = dirs.flatMap((d) => BROWSER_NAMES.map((n) => p.join(d, n + exe)));
  /** @type {string[]} */
  let fixed = [];
  if (platform === 'linux') {
    fixed = [
      '/usr/bin/chromium',
      '/usr/bin/chromium-browser',
      '/usr/bin/google-chrome-stable',
      '/usr/bin/google-chrome',
      '/opt/google/chrome/chrome',
      '/usr/lib/chromium/chromium',
      '/snap/bin/chromium',
    ];
  } else if (platform === 'darwin') {
    const apps = ['/Applications', ...(env.HOME ? [p.join(env.HOME, 'Applications')] : [])];
    fixed = apps.flatMap((a) => [
      p.join(a, 'Google Chrome.app/Contents/MacOS/Google Chrome'),
      p.join(a, 'Chromium.app/Contents/MacOS/Chromium'),
    ]);
  } else if (platform === 'win32') {
    const roots = [env.PROGRAMFILES, env['PROGRAMFILES(X86)'], env.LOCALAPPDATA].filter(
      (r) => typeof r === 'string' && r.length > 0,
    );
    fixed = /** @type {string[]} */ (roots).flatMap((r) => [
      p.join(r, 'Google/Chrome/Application/chrome.exe'),
      p.join(r, 'Chromium/Application/chrome.exe'),
    ]);
  }
  return [...new Set([...onPath, ...fixed])];
}

/**
 * Steps 2 and 3 in order, lazily (Playwright's path is asked for only when no system browser is there).
 * @param {Place & { playwrightPath: () => string | undefined }} opts
 * @returns {Generator<Candidate>}
 */
export function* candidates({ platform, env, playwrightPath }) {
  if (env.BROWSER_SEARCH_PATHS !== undefined) {
    for (const p of env.BROWSER_SEARCH_PATHS.split(path.delimiter).filter(Boolean)) {
      yield { path: p, source: 'BROWSER_SEARCH_PATHS' };
    }
    return;
  }
  for (const p of systemPaths({ platform, env })) yield { path: p, source: 'system' };
  const pw = playwrightPath();
  if (pw) yield { path: pw, source: "Playwright's download" };
}

/**
 * Steps 1 to 3: the first usable browser, or undefined. A CHROME_PATH that names nothing runnable is an error,
 * not a reason to look elsewhere.
 * @param {{ env: NodeJS.ProcessEnv, candidates: Iterable<Candidate>, isFile: (p: string) => boolean, runs: (p: string) => boolean }} opts
 * @returns {Candidate | undefined}
 */
export function pickBrowser({ env, candidates: list, isFile, runs }) {
  if (env.CHROME_PATH) {
    if (!isFile(env.CHROME_PATH))
      throw new Error(`CHROME_PATH is ${env.CHROME_PATH}, which is not an executable file.`);
    return { path: env.CHROME_PATH, source: 'CHROME_PATH' };
  }
  for (const c of list) if (isFile(c.path) && runs(c.path)) return c;
  return undefined;
}

/**
 * The `ID` and `ID_LIKE` words of /etc/os-release.
 * @param {string | undefined} text
 */
export function osIds(text) {
  /** @type {string[]} */
  const ids = [];
  for (const line of (text ?? '').split('\n')) {
    const m = /^(ID|ID_LIKE)=(.*)$/.exec(line.trim());
    if (m) ids.push(...m[2].replace(/["']/g, '').split(/\s+/).filter(Boolean));
  }
  return ids;
}

/** @param {string | undefined} osRelease */
export const debianLike = (osRelease) => osIds(osRelease).some((id) => id === 'debian' || id === 'ubuntu');

/**
 * Step 4: whether this machine may install Debian's chromium by itself (Linux, Debian or Ubuntu, root, apt-get).
 * @param {{ platform: NodeJS.Platform, uid: number | undefined, osRelease: string | undefined, hasAptGet: boolean, env: NodeJS.ProcessEnv }} m
 * @returns {'install' | 'dry-run' | undefined}
 */
export function installDecision({ platform, uid, osRelease, hasAptGet, env }) {
  if (platform !== 'linux' || uid !== 0 || !hasAptGet || !debianLike(osRelease)) return undefined;
  if (env.BROWSER_INSTALL === 'no') return undefined;
  return env.BROWSER_INSTALL === 'dry-run' ? 'dry-run' : 'install';
}

/**
 * Step 5: the one message when there is no browser, naming the command that installs one here.
 * @param {{ platform: NodeJS.Platform, uid: number | undefined, osRelease: string | undefined, failed?: string }} m
 */
export function missingMessage({ platform, uid, osRelease, failed }) {
  let how;
  if (platform === 'linux' && debianLike(osRelease)) {
    how = `${uid === 0 ? '' : 'sudo '}apt-get update && ${uid === 0 ? '' : 'sudo '}apt-get install -y chromium`;
    if (osIds(osRelease).includes('ubuntu')) how += ' (on Ubuntu: npx playwright install --with-deps chromium)';
  } else if (platform === 'darwin') {
    how = 'brew install --cask chromium (or npx playwright install chromium)';
  } else {
    how = 'npx playwright install chromium';
  }
  return (
    `${failed ? `${failed}\n` : ''}` +
    `The browser tests need Chromium or Google Chrome, and none was found ` +
    `(CHROME_PATH is not set; no chromium, chromium-browser, google-chrome on PATH or in the usual places; ` +
    `no browser downloaded by Playwright). Install one with:\n\n    ${how}\n\n` +
    `or set CHROME_PATH to a Chromium-based browser, then run the command again.`
  );
}

/** @param {string} p */
function isExecutableFile(p) {
  try {
    if (!statSync(p).isFile()) return false;
    if (process.platform !== 'win32') accessSync(p, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** A browser that answers `--version` (Ubuntu's snap stubs and broken installs do not). @param {string} p */
function answersVersion(p) {
  if (process.platform === 'win32') return true; // chrome.exe --version prints nothing there
  const r = spawnSync(p, ['--version'], { encoding: 'utf8', timeout: 20_000, stdio: ['ignore', 'pipe', 'pipe'] });
  return r.status === 0 && /chrom/i.test(r.stdout);
}

/** Playwright's own Chromium, where `npx playwright install chromium` puts it, if installed. */
function playwrightPath() {
  try {
    const require = createRequire(import.meta.url);
    return /** @type {{ chromium: { executablePath(): string } }} */ (
      require('playwright-core')
    ).chromium.executablePath();
  } catch {
    return undefined;
  }
}

function readOsRelease() {
  try {
    return readFileSync('/etc/os-release', 'utf8');
  } catch {
    return undefined;
  }
}

/** @param {NodeJS.ProcessEnv} env */
const hasAptGet = (env) => systemPathsOf('apt-get', env).some(isExecutableFile);

/** @param {string} name @param {NodeJS.ProcessEnv} env */
function systemPathsOf(name, env) {
  return (env.PATH ?? '/usr/bin:/bin').split(path.delimiter).map((d) => path.join(d, name));
}

/**
 * Looks for the browser (steps 1 to 3) and, with `install`, installs Debian's where it may (step 4), saying so.
 * Throws an Error whose message is the one to print when there is none (step 5).
 * @param {{ install?: boolean, log?: (line: string) => void, env?: NodeJS.ProcessEnv }} [opts]
 * @returns {Candidate}
 */
export function locateBrowser({ install = false, log = (l) => console.error(l), env = process.env } = {}) {
  const platform = process.platform;
  const find = () =>
    pickBrowser({
      env,
      candidates: candidates({ platform, env, playwrightPath }),
      isFile: isExecutableFile,
      runs: answersVersion,
    });
  const found = find();
  if (found) return found;

  const osRelease = platform === 'linux' ? readOsRelease() : undefined;
  const uid = process.getuid?.();
  /** @type {string | undefined} */
  let failed;
  const decision = install ? installDecision({ platform, uid, osRelease, hasAptGet: hasAptGet(env), env }) : undefined;
  if (decision === 'dry-run') {
    log(`No Chromium or Chrome found; BROWSER_INSTALL=dry-run, so not running: ${APT_COMMAND}`);
  } else if (decision === 'install') {
    log(`No Chromium or Chrome found: installing Debian's chromium (${APT_COMMAND}), once, about 15 s…`);
    const t0 = Date.now();
    for (const [cmd, ...args] of APT_STEPS) {
      const r = spawnSync(cmd, args, {
        env: { ...env, DEBIAN_FRONTEND: 'noninteractive' },
        stdio: ['ignore', 2, 2],
      });
      if (r.status !== 0) {
        failed = `Installing Chromium failed: ${[cmd, ...args].join(' ')} ${r.error ? r.error.message : `exited ${r.status}`}.`;
        break;
      }
    }
    if (!failed) {
      const now = find();
      if (now) {
        log(`Chromium installed in ${((Date.now() - t0) / 1000).toFixed(0)} s: ${now.path}`);
        return { ...now, source: "Debian's chromium, just installed" };
      }
      failed = `apt-get installed chromium, yet no browser was found after it.`;
    }
  }
  throw new Error(missingMessage({ platform, uid, osRelease, failed }));
}

/**
 * The browser's path for a runner that must not install anything (playwright.config.ts): CHROME_PATH (npm test
 * sets it once it has found one), else a lookup, else undefined (Playwright's own default and its message).
 */
export function browserPath() {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH;
  try {
    return locateBrowser({ install: false }).path;
  } catch {
    return undefined;
  }
}
