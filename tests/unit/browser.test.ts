/**
 * Which browser npm test drives (scripts/lib/browser.mjs): the order of the search, when it installs Debian's
 * chromium, and the one message when there is none. The decisions are given their candidates, environment and
 * platform, so no browser is removed to test them.
 */
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  APT_COMMAND,
  candidates,
  debianLike,
  installDecision,
  locateBrowser,
  missingMessage,
  pickBrowser,
  systemPaths,
} from '../../scripts/lib/browser.mjs';

const DEBIAN = 'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nID=debian\nVERSION_ID="12"\n';
const UBUNTU = 'NAME="Ubuntu"\nID=ubuntu\nID_LIKE=debian\n';
const FEDORA = 'NAME="Fedora Linux"\nID=fedora\n';

/** pickBrowser over the given files: `present` exist, `broken` exist but do not answer --version. */
function pick(env: NodeJS.ProcessEnv, present: string[], opts: { broken?: string[]; playwright?: string } = {}) {
  const playwrightPath = vi.fn(() => opts.playwright);
  const found = pickBrowser({
    env,
    candidates: candidates({ platform: 'linux', env, playwrightPath }),
    isFile: (p) => present.includes(p),
    runs: (p) => !(opts.broken ?? []).includes(p),
  });
  return { found, playwrightPath };
}

describe('the browser search', () => {
  it('looks on PATH first, then where the packages install Chromium and Chrome', () => {
    const paths = systemPaths({ platform: 'linux', env: { PATH: '/home/me/bin:/usr/bin' } });
    expect(paths.slice(0, 3)).toEqual([
      '/home/me/bin/chromium',
      '/home/me/bin/chromium-browser',
      '/home/me/bin/google-chrome-stable',
    ]);
    expect(paths).toContain('/opt/google/chrome/chrome');
    expect(paths.filter((p) => p === '/usr/bin/chromium')).toHaveLength(1);
    expect(
      systemPaths({ platform: 'darwin', env: { PATH: '/usr/bin', HOME: '/Users/me' } }).some((p) =>
        p.endsWith('Google Chrome.app/Contents/MacOS/Google Chrome'),
      ),
    ).toBe(true);
  });

  it('takes CHROME_PATH before anything else, and refuses one that names no file', () => {
    const env = { PATH: '/usr/bin', CHROME_PATH: '/opt/chrome/chrome' };
    expect(pick(env, ['/opt/chrome/chrome', '/usr/bin/chromium']).found).toEqual({
      path: '/opt/chrome/chrome',
      source: 'CHROME_PATH',
    });
    expect(() => pick(env, ['/usr/bin/chromium'])).toThrow(/CHROME_PATH is \/opt\/chrome\/chrome/);
  });

  it('prefers a system Chromium or Chrome to Playwright, which it asks only when there is none', () => {
    const system = pick({ PATH: '/usr/bin' }, ['/usr/bin/google-chrome', '/pw/chrome'], { playwright: '/pw/chrome' });
    expect(system.found).toEqual({ path: '/usr/bin/google-chrome', source: 'system' });
    expect(system.playwrightPath).not.toHaveBeenCalled();

    const pw = pick({ PATH: '/usr/bin' }, ['/pw/chrome'], { playwright: '/pw/chrome' });
    expect(pw.found).toEqual({ path: '/pw/chrome', source: "Playwright's download" });
  });

  it('skips a browser that does not run (a snap stub) and finds none where there is none', () => {
    const r = pick({ PATH: '/usr/bin' }, ['/usr/bin/chromium-browser', '/usr/bin/google-chrome'], {
      broken: ['/usr/bin/chromium-browser'],
    });
    expect(r.found?.path).toBe('/usr/bin/google-chrome');
    expect(pick({ PATH: '/usr/bin' }, ['/usr/bin/chromium'], { broken: ['/usr/bin/chromium'] }).found).toBeUndefined();
    expect(pick({ PATH: '/usr/bin' }, [], { playwright: '/pw/chrome' }).found).toBeUndefined();
  });

  it('lets BROWSER_SEARCH_PATHS replace the system and Playwright places (to play a machine without one)', () => {
    const env = { PATH: '/usr/bin', BROWSER_SEARCH_PATHS: '/nonexistent' };
    const r = pick(env, ['/usr/bin/chromium', '/pw/chrome'], { playwright: '/pw/chrome' });
    expect(r.found).toBeUndefined();
    expect(r.playwrightPath).not.toHaveBeenCalled();
    expect(pick({ BROWSER_SEARCH_PATHS: '/a:/b' }, ['/b']).found).toEqual({
      path: '/b',
      source: 'BROWSER_SEARCH_PATHS',
    });
  });
});

describe('installing a browser', () => {
  const base = { platform: 'linux' as const, uid: 0, osRelease: DEBIAN, hasAptGet: true, env: {} };

  it("installs Debian's chromium only as root on Debian or Ubuntu with apt-get", () => {
    expect(installDecision(base)).toBe('install');
    expect(installDecision({ ...base, osRelease: UBUNTU })).toBe('install');
    expect(installDecision({ ...base, uid: 1000 })).toBeUndefined();
    expect(installDecision({ ...base, osRelease: FEDORA })).toBeUndefined();
    expect(installDecision({ ...base, hasAptGet: false })).toBeUndefined();
    expect(installDecision({ ...base, platform: 'darwin' })).toBeUndefined();
    expect(installDecision({ ...base, osRelease: undefined })).toBeUndefined();
  });

  it('can be told not to, or only to say what it would run', () => {
    expect(installDecision({ ...base, env: { BROWSER_INSTALL: 'no' } })).toBeUndefined();
    expect(installDecision({ ...base, env: { BROWSER_INSTALL: 'dry-run' } })).toBe('dry-run');
    expect(APT_COMMAND).toBe('apt-get update -qq && apt-get install -y -qq --no-install-recommends chromium');
  });

  it('reads ID and ID_LIKE from os-release', () => {
    expect(debianLike(DEBIAN)).toBe(true);
    expect(debianLike('ID=linuxmint\nID_LIKE="ubuntu debian"\n')).toBe(true);
    expect(debianLike(FEDORA)).toBe(false);
  });
});

describe('without a browser', () => {
  it('names the command that installs one on this kind of machine', () => {
    const user = missingMessage({ platform: 'linux', uid: 1000, osRelease: DEBIAN });
    expect(user).toContain('sudo apt-get install -y chromium');
    expect(user).toContain('CHROME_PATH');
    expect(missingMessage({ platform: 'linux', uid: 0, osRelease: DEBIAN })).toContain(
      'apt-get update && apt-get install -y chromium',
    );
    expect(missingMessage({ platform: 'linux', uid: 1000, osRelease: FEDORA })).toContain(
      'npx playwright install chromium',
    );
    expect(missingMessage({ platform: 'darwin', uid: 501, osRelease: undefined })).toContain('brew install');
    expect(missingMessage({ platform: 'linux', uid: 0, osRelease: DEBIAN, failed: 'apt-get failed.' })).toMatch(
      /^apt-get failed\.\n/,
    );
  });
});

describe.skipIf(process.platform === 'win32')('locateBrowser', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'browser-test-'));
    await writeFile(path.join(dir, 'good'), '#!/bin/sh\necho "Chromium 999.0 fake"\n');
    await writeFile(path.join(dir, 'stub'), '#!/bin/sh\necho "requires the chromium snap" >&2\nexit 1\n');
    await chmod(path.join(dir, 'good'), 0o755);
    await chmod(path.join(dir, 'stub'), 0o755);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('finds the first candidate that answers --version', () => {
    const env = {
      PATH: '/usr/bin:/bin',
      BROWSER_SEARCH_PATHS: [path.join(dir, 'stub'), path.join(dir, 'good')].join(':'),
    };
    expect(locateBrowser({ env })).toEqual({ path: path.join(dir, 'good'), source: 'BROWSER_SEARCH_PATHS' });
  });

  it('stops with the one message when there is none, without installing anything here', () => {
    const log = vi.fn();
    const env = { PATH: '/usr/bin:/bin', BROWSER_SEARCH_PATHS: '/nonexistent', BROWSER_INSTALL: 'dry-run' };
    expect(() => locateBrowser({ install: true, env, log })).toThrow(
      /need Chromium or Google Chrome, and none was found/,
    );
    // As root on Debian it would have installed chromium; the dry run only says so.
    for (const [line] of log.mock.calls) expect(line).toContain(`not running: ${APT_COMMAND}`);
  });
});
