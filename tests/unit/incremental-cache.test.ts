/**
 * The guard around Astro's incremental build cache (#17, src/integrations/incremental-cache.ts), on real files in
 * a temporary cache dir: what a build finds in the cache decides whether it may trust it.
 */
import { existsSync, mkdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROCESSING, finishBuild, prepareCache } from '../../src/integrations/incremental-cache';
import { ISLAND_STYLE } from '../../src/integrations/island-style';
import { tempDirs } from '../helpers/temp-dir';

const tempDir = tempDirs();

let cache = '';
let out = '';
const previousCacheDir = process.env.ASTRO_CACHE_DIR;

const write = (file: string, text: string) => {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
};
const json = (file: string) => JSON.parse(readFileSync(file, 'utf8'));
const manifestFile = () => path.join(cache, 'incremental-build.json');
const recordFile = () => path.join(cache, 'incremental-build.files.json');
const inUse = () => path.join(cache, 'incremental-build.in-use');

/** A manifest caching /blog/a/ and /blog/b/, their copies, and the record a complete build leaves. */
function completeBuild() {
  const paths = { '/blog/a/': 'blog/a/index.html', '/blog/b/': 'blog/b/index.html' };
  write(
    manifestFile(),
    JSON.stringify({
      routes: {
        'src/pages/blog/[slug].astro': {
          paths: Object.fromEntries(Object.entries(paths).map(([p, f]) => [p, { cacheKey: p, outputFile: f }])),
        },
      },
    }),
  );
  const files: Record<string, object> = {};
  for (const f of Object.values(paths)) {
    const copy = path.join(cache, 'dist', f);
    write(copy, `<html><body>${f}</body></html>`);
    // Written by an earlier build, a minute ago.
    utimesSync(copy, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
    const s = statSync(copy);
    files[f] = { size: s.size, mtimeMs: s.mtimeMs, uploads: f.includes('/a/') ? ['k1-400.webp'] : [] };
  }
  write(recordFile(), JSON.stringify({ processing: PROCESSING, files }));
}

const cachedPaths = () => Object.keys(json(manifestFile()).routes['src/pages/blog/[slug].astro'].paths).sort();

beforeEach(() => {
  cache = tempDir('incremental-cache-');
  out = tempDir('incremental-out-');
  process.env.ASTRO_CACHE_DIR = cache;
});
afterEach(() => {
  process.env.ASTRO_CACHE_DIR = previousCacheDir;
});

describe('prepareCache', () => {
  it('trusts the cache a complete build left, and marks it in use', () => {
    completeBuild();
    expect(prepareCache(cache)).toBeNull();
    expect(cachedPaths()).toEqual(['/blog/a/', '/blog/b/']);
    expect(json(inUse()).pid).toBe(process.pid);
  });

  it('drops the manifest when the previous build did not finish (its mark is left, its process gone)', () => {
    completeBuild();
    write(inUse(), JSON.stringify({ pid: 2 ** 22 + 12345 }));
    expect(prepareCache(cache)).toMatch(/previous build did not finish/);
    expect(existsSync(manifestFile())).toBe(false);
  });

  it('refuses to share the cache with a build that is still running', () => {
    completeBuild();
    const since = new Date().toISOString();
    write(inUse(), JSON.stringify({ pid: process.ppid, host: hostname(), since }));
    expect(() => prepareCache(cache)).toThrow(/Another build \(process \d+\) is using the build cache/);
    expect(cachedPaths()).toEqual(['/blog/a/', '/blog/b/']);
    // The same pid on another machine (a cache CI restored) is a build that did not finish.
    write(inUse(), JSON.stringify({ pid: process.ppid, host: 'another-runner', since }));
    expect(prepareCache(cache)).toMatch(/previous build did not finish/);
    // A mark older than any build is a dead build's, whatever process has its pid now (the machine restarted).
    completeBuild();
    const yesterday = new Date(Date.now() - 86_400_000).toISOString();
    write(inUse(), JSON.stringify({ pid: process.ppid, host: hostname(), since: yesterday }));
    expect(prepareCache(cache)).toMatch(/previous build did not finish/);
  });

  it('drops the manifest when the cache was finished by other code', () => {
    completeBuild();
    write(recordFile(), JSON.stringify({ ...json(recordFile()), processing: 'older' }));
    expect(prepareCache(cache)).toMatch(/other page-finishing code/);
    expect(existsSync(manifestFile())).toBe(false);
  });

  it('drops only the copies that changed or went missing since they were recorded', () => {
    completeBuild();
    writeFileSync(path.join(cache, 'dist/blog/a/index.html'), '<html><body>cut');
    expect(prepareCache(cache)).toMatch(/1 cached page\(s\) changed/);
    expect(cachedPaths()).toEqual(['/blog/b/']);
  });

  it('a manifest that cannot be read is no cache at all (Astro renders every page)', () => {
    completeBuild();
    writeFileSync(manifestFile(), '{"routes": {');
    expect(prepareCache(cache)).toBeNull();
  });
});

describe('finishBuild', () => {
  it('finishes and counts the pages it rendered, keeps the reused ones as they were, ships their copies', async () => {
    completeBuild();
    const started = Date.now() - 1;
    prepareCache(cache);
    // This build re-rendered /blog/b/ (Astro wrote it to the out dir and the cache) and reused /blog/a/.
    const rendered = `<html><head></head><body>${ISLAND_STYLE}<astro-island></astro-island> /_uploads/k2-800.webp</body></html>`;
    write(path.join(out, 'blog/b/index.html'), rendered);
    write(path.join(cache, 'dist/blog/b/index.html'), rendered);
    // Written by this build: a file's time comes from the kernel's coarse clock, which can lag Date.now() by a few
    // milliseconds (CI counted this copy as reused), so the test says it plainly.
    utimesSync(path.join(cache, 'dist/blog/b/index.html'), new Date(started + 50), new Date(started + 50));
    write(path.join(out, 'blog/a/index.html'), readFileSync(path.join(cache, 'dist/blog/a/index.html'), 'utf8'));
    write(path.join(out, 'index.html'), '<html><head></head><body>home</body></html>');
    for (const n of ['k1-400.webp', 'k2-800.webp']) write(path.join(cache, 'uploads', n), n);

    const counts = await finishBuild(out, cache, started);
    expect(counts).toEqual({ rendered: 2, reused: 1, shipped: 2 });
    const finished = readFileSync(path.join(out, 'blog/b/index.html'), 'utf8');
    expect(finished).toContain(`${ISLAND_STYLE}</head>`);
    // The cache holds the finished page, so a later build that reuses it needs to read nothing.
    expect(readFileSync(path.join(cache, 'dist/blog/b/index.html'), 'utf8')).toBe(finished);
    expect(existsSync(path.join(out, '_uploads/k1-400.webp'))).toBe(true);
    expect(existsSync(path.join(out, '_uploads/k2-800.webp'))).toBe(true);
    expect(json(recordFile()).files['blog/b/index.html'].uploads).toEqual(['k2-800.webp']);
    expect(existsSync(inUse())).toBe(false);
    // The next build trusts both copies.
    expect(prepareCache(cache)).toBeNull();
    expect(cachedPaths()).toEqual(['/blog/a/', '/blog/b/']);
  });

  it('fails, keeping the cache marked, when a reused page refers to a copy the cache lost', async () => {
    completeBuild();
    const started = Date.now() - 1;
    prepareCache(cache);
    write(path.join(out, 'blog/a/index.html'), readFileSync(path.join(cache, 'dist/blog/a/index.html'), 'utf8'));
    await expect(finishBuild(out, cache, started)).rejects.toThrow(/k1-400\.webp.*Build again/);
    expect(existsSync(inUse())).toBe(true);
  });
});
