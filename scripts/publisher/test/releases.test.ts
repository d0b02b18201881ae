/**
 * Layered releases (#28, D30): how a manifest is composed from the live one, how a request finds its file, and what
 * collection deletes. On real folders in a temporary data dir; the builds themselves are tested with the real
 * stack in tests/integration/incremental-parity.test.ts.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readlink, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { composeManifest, createReleases, deleteApart, pageFile, type Manifest } from '../releases.mjs';
import { fileFor, folderView, manifestView } from '../release-view.mjs';

const dirs: string[] = [];
afterEach(async () => {
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

const base: Manifest = {
  version: 1,
  name: 'b1',
  code: 'c',
  pages: { '/blog/a/': 'ka', '/blog/b/': 'kb' },
  files: {
    'index.html': 'b1',
    'blog/a/index.html': 'b0',
    'blog/b/index.html': 'b1',
    '_uploads/a-400.webp': 'b0',
    '_uploads/b-400.webp': 'b1',
    '_astro/site.css': 'b1',
  },
  refs: {
    'blog/a/index.html': ['_uploads/a-400.webp', '_astro/site.css'],
    'blog/b/index.html': ['_uploads/b-400.webp'],
  },
};

describe('composing a release', () => {
  it('takes each page left out, with the files it refers to, from the live release; nothing else', () => {
    const m = composeManifest({
      name: 'b2',
      ownFiles: ['index.html', '_astro/site.css', 'blog/c/index.html'],
      code: 'c',
      // The build rendered /blog/c/ and no longer has /blog/b/; /blog/a/ is the base's, unchanged.
      build: {
        keys: { '/blog/c/': 'kc' },
        removed: ['/blog/b/'],
        refs: { 'blog/c/index.html': [] },
      },
      base,
    });
    expect(m.files).toEqual({
      'index.html': 'b2',
      '_astro/site.css': 'b2',
      'blog/c/index.html': 'b2',
      'blog/a/index.html': 'b0',
      '_uploads/a-400.webp': 'b0',
    });
    // /blog/b/ is gone (deleted, unpublished or moved): neither its page nor its upload copy is carried.
    expect(m.pages).toEqual({ '/blog/a/': 'ka', '/blog/c/': 'kc' });
    expect(m.refs['blog/a/index.html']).toEqual(base.refs['blog/a/index.html']);
  });

  it('takes a page the build rendered again from its own folder, with its new key', () => {
    const m = composeManifest({
      name: 'b2',
      ownFiles: ['index.html', 'blog/b/index.html'],
      code: 'c',
      build: { keys: { '/blog/b/': 'kb2' }, removed: [], refs: { 'blog/b/index.html': ['_uploads/b-800.webp'] } },
      base,
    });
    expect(m.pages).toEqual({ '/blog/a/': 'ka', '/blog/b/': 'kb2' });
    expect(m.files['blog/b/index.html']).toBe('b2');
    expect(m.files['blog/a/index.html']).toBe('b0');
    expect(m.refs['blog/b/index.html']).toEqual(['_uploads/b-800.webp']);
    // The old copy the page no longer refers to is not carried.
    expect(m.files['_uploads/b-400.webp']).toBeUndefined();
  });

  it('takes nothing from the live release when the build had no base (every key reported, removed null)', () => {
    const m = composeManifest({
      name: 'b2',
      ownFiles: ['index.html', 'blog/a/index.html'],
      code: 'c',
      build: { keys: { '/blog/a/': 'ka' }, removed: null, refs: {} },
      base,
    });
    expect(m.pages).toEqual({ '/blog/a/': 'ka' });
    expect(m.files).toEqual({ 'index.html': 'b2', 'blog/a/index.html': 'b2' });
  });

  it('refuses a base that lacks a page it should lend', () => {
    expect(() =>
      composeManifest({
        name: 'b2',
        ownFiles: ['index.html'],
        code: 'c',
        build: { keys: {}, removed: [], refs: {} },
        base: { ...base, pages: { ...base.pages, '/blog/z/': 'kz' } },
      }),
    ).toThrow(/no blog\/z\/index\.html/);
  });

  it('writes a page at its path in Astro’s directory format', () => {
    expect(pageFile('/blog/a/')).toBe('blog/a/index.html');
    expect(pageFile('/')).toBe('index.html');
  });
});

describe('finding a request’s file', () => {
  const view = manifestView('/builds', base);
  it('as sirv does in one folder: the path, /index, .html, /index.html', () => {
    expect(fileFor(view, '/blog/a/')).toBe('blog/a/index.html');
    expect(fileFor(view, '/blog/a')).toBe('blog/a/index.html');
    expect(fileFor(view, '/')).toBe('index.html');
    expect(fileFor(view, '/_astro/site.css')).toBe('_astro/site.css');
    expect(fileFor(view, '/blog/zz/')).toBeNull();
    expect(view.locate('blog/a/index.html')).toBe('/builds/b0/blog/a/index.html');
  });
  it('never outside a folder', () => {
    expect(folderView('/tmp').locate('../etc/passwd')).toBeNull();
    expect(view.locate('../x')).toBeNull();
  });
});

describe('collecting releases', () => {
  it('keeps what the kept releases name, deletes the rest, and rolls back to the one before', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'releases-'));
    dirs.push(dataDir);
    const releases = createReleases({ dataDir, keep: 2 });
    const builds = path.join(dataDir, 'builds');
    const write = async (folder: string, files: string[]) => {
      for (const f of files) {
        await mkdir(path.dirname(path.join(builds, folder, f)), { recursive: true });
        await writeFile(path.join(builds, folder, f), `${folder}/${f}`);
      }
    };
    const full = ['index.html', '404.html', 'sitemap.xml'];
    // r1: everything; r2 lends r1's a and b; r3 lends r1's a only (b was deleted); a killed build left r4's folder.
    await write('r1', [...full, 'blog/a/index.html', 'blog/b/index.html']);
    await write('r2', [...full]);
    await write('r3', [...full]);
    await write('r4', ['index.html']);
    const own = (name: string, extra: Record<string, string> = {}) => ({
      ...Object.fromEntries(full.map((f) => [f, name])),
      ...extra,
    });
    const m1 = await releases.compose(path.join(builds, 'r1'), { code: 'c' });
    await releases.switchLive(m1);
    const m2 = await releases.compose(path.join(builds, 'r2'), {
      code: 'c',
      build: { keys: {}, removed: [], refs: {} },
      base: { ...m1, pages: { '/blog/a/': 'a', '/blog/b/': 'b' } },
    });
    expect(m2.files).toEqual(own('r2', { 'blog/a/index.html': 'r1', 'blog/b/index.html': 'r1' }));
    await releases.switchLive(m2);
    const m3 = await releases.compose(path.join(builds, 'r3'), {
      code: 'c',
      build: { keys: {}, removed: ['/blog/b/'], refs: {} },
      base: m2,
    });
    await releases.switchLive(m3);
    await releases.prune();
    // r1's manifest is gone (two kept: r3, r2), but r1 keeps what they name: blog/a and blog/b (r2 names both).
    expect(existsSync(`${builds}/r1.release.json`)).toBe(false);
    expect(existsSync(`${builds}/r1/blog/a/index.html`)).toBe(true);
    expect(existsSync(`${builds}/r1/blog/b/index.html`)).toBe(true);
    expect(existsSync(`${builds}/r1/index.html`)).toBe(false);
    expect(existsSync(`${builds}/r4`)).toBe(false);
    // Roll back to r2, whose pages are all still there.
    expect(await releases.rollback()).toBe('r2');
    expect(await readlink(path.join(dataDir, 'live'))).toBe('builds/r2.release.json');
    expect(releases.liveView()!.locate('blog/b/index.html')).toBe(path.join(builds, 'r1/blog/b/index.html'));
    // After the rollback, r3 is newer than the live release: a later collection drops it, and b stays.
    await releases.prune();
    expect(existsSync(`${builds}/r3.release.json`)).toBe(false);
    expect(existsSync(`${builds}/r3`)).toBe(false);
    expect(existsSync(`${builds}/r1/blog/b/index.html`)).toBe(true);
    // A publisher started again finds the live release from the link.
    const again = createReleases({ dataDir, keep: 2 });
    expect(await again.readLive()).toBe(path.join(builds, 'r2'));
    expect(again.liveManifest()?.files['blog/b/index.html']).toBe('r1');
  });
});

describe('deleteApart', () => {
  /** A folder with a nested page, two loose files and one to keep; returns the paths. */
  async function tree() {
    const root = await mkdtemp(path.join(tmpdir(), 'delete-apart-'));
    dirs.push(root);
    await mkdir(path.join(root, 'old/blog/a'), { recursive: true });
    await writeFile(path.join(root, 'old/blog/a/index.html'), 'a');
    for (const f of ['one.html', 'two words.html', 'keep.html']) await writeFile(path.join(root, f), f);
    return {
      doomed: ['old', 'one.html', 'two words.html', 'missing.html'].map((f) => path.join(root, f)),
      kept: path.join(root, 'keep.html'),
    };
  }

  it('deletes folders and files in another process, and nothing else', async () => {
    const { doomed, kept } = await tree();
    await deleteApart(doomed);
    for (const p of doomed) expect(existsSync(p), p).toBe(false);
    expect(existsSync(kept)).toBe(true);
  });

  it('deletes them here when the other process cannot (no rm on its PATH)', async () => {
    const { doomed, kept } = await tree();
    const pathVar = process.env.PATH;
    process.env.PATH = '';
    try {
      await deleteApart(doomed);
    } finally {
      process.env.PATH = pathVar;
    }
    for (const p of doomed) expect(existsSync(p), p).toBe(false);
    expect(existsSync(kept)).toBe(true);
  });
});
