/**
 * The release plan's base keys (#28, src/lib/content/release-plan.ts): read from the live release's manifest, except
 * when that manifest is the one the publisher wrote for this process's own previous build (RELEASE_MANIFEST), whose
 * pages are the keys that build planned: those are kept in the process instead of read back.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { planRelease, readBaseKeys, resetBuildState } from '../../src/lib/content/release-plan';

const dir = mkdtempSync(path.join(tmpdir(), 'release-plan-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => {
  resetBuildState();
  planRelease(new Map(), null);
});

const manifest = (name: string, pages: Record<string, unknown>) => {
  const file = path.join(dir, `${name}.release.json`);
  writeFileSync(file, JSON.stringify({ version: 1, name, code: 'c', pages, files: {}, refs: {} }));
  return file;
};

describe('readBaseKeys', () => {
  it('reads the pages of a manifest; anything unusable is no base (every page renders)', () => {
    const file = manifest('a', { '/blog/a/': 'k1', '/blog/b/': 'k2', '/odd/': 3 });
    expect(readBaseKeys(file)).toEqual(
      new Map([
        ['/blog/a/', 'k1'],
        ['/blog/b/', 'k2'],
      ]),
    );
    expect(readBaseKeys(undefined)).toBeNull();
    expect(readBaseKeys(path.join(dir, 'missing.release.json'))).toBeNull();
    writeFileSync(path.join(dir, 'broken.release.json'), '{"pages":');
    expect(readBaseKeys(path.join(dir, 'broken.release.json'))).toBeNull();
  });

  it("takes the keys of this process's previous build for its own manifest, and reads any other", () => {
    const own = path.join(dir, 'own.release.json');
    const keys = new Map([['/blog/a/', 'planned']]);
    const { renders } = planRelease(keys, null, own);
    expect(renders('/blog/a/')).toBe(true);
    // The publisher has not written it yet (or it says otherwise): the planned keys are what it will hold.
    expect(readBaseKeys(own)).toBe(keys);
    // Another release (a rollback, another process's build) is read from its file.
    const other = manifest('other', { '/blog/a/': 'theirs' });
    expect(readBaseKeys(other)).toEqual(new Map([['/blog/a/', 'theirs']]));
    // The next build plans from it: an unchanged key is reused, and its own manifest is the one kept now.
    const next = planRelease(
      new Map([['/blog/a/', 'planned']]),
      readBaseKeys(own),
      path.join(dir, 'next.release.json'),
    );
    expect(next.renders('/blog/a/')).toBe(false);
    expect(readBaseKeys(own)).toBeNull();
  });

  it('keeps nothing for a build that names no manifest (npm run build, the deploy path)', () => {
    const own = manifest('kept', { '/blog/a/': 'on-disk' });
    planRelease(new Map([['/blog/a/', 'planned']]), null, own);
    planRelease(new Map([['/blog/a/', 'planned']]), null);
    expect(readBaseKeys(own)).toEqual(new Map([['/blog/a/', 'on-disk']]));
  });
});

describe('planRelease', () => {
  it('reuses the pages whose key the base has, and names the pages the base has and the build does not', () => {
    const base = new Map([
      ['/blog/a/', 'ka'],
      ['/blog/b/', 'kb'],
      ['/blog/gone/', 'kg'],
    ]);
    const keys = new Map([
      ['/blog/a/', 'ka'],
      ['/blog/b/', 'kb2'],
      ['/blog/new/', 'kn'],
    ]);
    const { renders, plan } = planRelease(keys, base);
    expect([...plan.reused]).toEqual(['/blog/a/']);
    expect(plan.removed).toEqual(['/blog/gone/']);
    expect(['/blog/a/', '/blog/b/', '/blog/new/'].map(renders)).toEqual([false, true, true]);
    // Without a base every page renders, and nothing is removed: the report's keys are every page.
    expect(planRelease(keys, null).plan.removed).toBeNull();
  });
});
