/**
 * Finishing pages by their digest (#28, src/integrations/finish-cache.ts) and as Astro renders them
 * (finishingPrerenderer in src/integrations/incremental-cache.ts), on real files in a temporary cache dir: the
 * result is always finishPage's, whatever the cache holds.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { AstroPrerenderer } from 'astro';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFinisher } from '../../src/integrations/finish-cache';
import {
  PROCESSING,
  finishBuild,
  finishLayeredBuild,
  finishingPrerenderer,
  outputFile,
  type FinishedPages,
} from '../../src/integrations/incremental-cache';
import { ISLAND_STYLE, finishPage } from '../../src/integrations/island-style';
import { tempDirs } from '../helpers/temp-dir';

const tempDir = tempDirs();

const POLICY = `<meta http-equiv="content-security-policy" content="default-src 'self'; script-src 'self'">`;
const page = (body: string, head = POLICY) =>
  `<!DOCTYPE html><html lang="en"><head>${head}<title>t</title></head><body>${body}</body></html>`;

const PAGES = [
  page('<script>a()</script><p>one</p>'),
  page(`${ISLAND_STYLE}<astro-island></astro-island><script>b()</script>`),
  page('<template id="staff-editor"><script>x()</script></template><script src="https://w.example/a.js"></script>'),
  page('<img src="/a.png" alt="" onload="track()">'),
  page('<p>no policy</p>', '<title>none</title>'),
  page('<script type="application/ld+json">{"a":1}</script><script>c()</script>'),
];

/** A process that has not finished a page yet: the table on globalThis is gone, the file stays. */
const newProcess = () => delete (globalThis as Record<symbol, unknown>)[Symbol.for('hotel.finish-cache')];

let cache = '';
beforeEach(() => {
  cache = tempDir('finish-cache-');
  newProcess();
});

describe('createFinisher', () => {
  it('gives finishPage’s page, parsed, then kept in the process, then read back from disk by another', () => {
    const first = createFinisher(cache, PROCESSING);
    expect(PAGES.map((p) => first.finish(p))).toEqual(PAGES.map(finishPage));
    expect(first.counts).toEqual({ kept: 0, parsed: PAGES.length });
    first.save();

    const again = createFinisher(cache, PROCESSING);
    expect(PAGES.map((p) => again.finish(p))).toEqual(PAGES.map(finishPage));
    expect(again.counts).toEqual({ kept: PAGES.length, parsed: 0 });

    newProcess();
    const next = createFinisher(cache, PROCESSING);
    expect(PAGES.map((p) => next.finish(p))).toEqual(PAGES.map(finishPage));
    expect(next.counts).toEqual({ kept: PAGES.length, parsed: 0 });
  });

  it('parses a page that changed by one character', () => {
    const f = createFinisher(cache, PROCESSING);
    f.finish(page('<script>a()</script>'));
    const changed = page('<script>b()</script>');
    expect(f.finish(changed)).toBe(finishPage(changed));
    expect(f.counts).toEqual({ kept: 0, parsed: 2 });
  });

  it('ignores a file written by other finishing code, and one that is not JSON', () => {
    const f = createFinisher(cache, PROCESSING);
    PAGES.forEach((p) => f.finish(p));
    f.save();
    newProcess();
    const other = createFinisher(cache, 'other-code');
    PAGES.forEach((p) => other.finish(p));
    expect(other.counts.kept).toBe(0);

    writeFileSync(path.join(cache, 'finished-pages.json'), '{"processing":');
    newProcess();
    const broken = createFinisher(cache, PROCESSING);
    expect(PAGES.map((p) => broken.finish(p))).toEqual(PAGES.map(finishPage));
    expect(broken.counts.kept).toBe(0);
  });

  it('writes the file in a process’s first build only: a warm process keeps the rest in memory', () => {
    const f = createFinisher(cache, PROCESSING);
    f.finish(PAGES[0]);
    f.save();
    const file = path.join(cache, 'finished-pages.json');
    const written = readFileSync(file, 'utf8');
    const g = createFinisher(cache, PROCESSING);
    g.finish(PAGES[1]);
    g.save();
    expect(readFileSync(file, 'utf8')).toBe(written);
    expect(createFinisher(cache, PROCESSING).finish(PAGES[1])).toBe(finishPage(PAGES[1]));
  });

  it('parses again when a kept entry does not point at a policy in the page (a damaged file)', () => {
    const f = createFinisher(cache, PROCESSING);
    f.finish(PAGES[0]);
    f.save();
    const file = path.join(cache, 'finished-pages.json');
    const stored = JSON.parse(readFileSync(file, 'utf8'));
    stored.pages[0][1] += 3;
    writeFileSync(file, JSON.stringify(stored));
    newProcess();
    const again = createFinisher(cache, PROCESSING);
    expect(again.finish(PAGES[0])).toBe(finishPage(PAGES[0]));
    expect(again.counts).toEqual({ kept: 0, parsed: 1 });
  });

  it('keeps this build’s results first and at most `max` of them, each tag once', () => {
    const f = createFinisher(cache, PROCESSING, 3);
    PAGES.slice(0, 3).forEach((p) => f.finish(p));
    f.save();
    newProcess();
    const g = createFinisher(cache, PROCESSING, 3);
    g.finish(PAGES[3]);
    g.finish(PAGES[4]);
    g.save();
    const stored = JSON.parse(readFileSync(path.join(cache, 'finished-pages.json'), 'utf8'));
    expect(stored.pages).toHaveLength(3);
    expect(new Set(stored.tags).size).toBe(stored.tags.length);
    newProcess();
    const h = createFinisher(cache, PROCESSING, 3);
    for (const p of [PAGES[3], PAGES[4]]) expect(h.finish(p)).toBe(finishPage(p));
    expect(h.counts).toEqual({ kept: 2, parsed: 0 });
  });
});

/** A stand-in for Astro's prerenderer: answers each path with the response the test gives it. */
function baseRenderer(responses: Record<string, () => Response>): AstroPrerenderer {
  return {
    name: 'base',
    getStaticPaths: async () => [],
    render: async (request) => {
      const { pathname } = new URL(request.url);
      const response = responses[pathname]();
      return pathname.includes('meta') ? { response, metadata: { marker: pathname } as never } : response;
    },
  };
}

const html = (body: string, status = 200) => new Response(body, { status, headers: { 'content-type': 'text/html' } });

describe('finishingPrerenderer', () => {
  it('finishes each HTML page it renders and records its files; leaves redirects, other types and empty bodies', async () => {
    const finished: FinishedPages = new Map();
    const raw = page(`${ISLAND_STYLE}<script>a()</script><img src="/_uploads/k1-400.webp"><link href="/_astro/x.css">`);
    const r = finishingPrerenderer(
      baseRenderer({
        '/blog/a/': () => html(raw),
        '/meta/': () => html(raw),
        '/404': () => html(raw, 404),
        '/old/': () => new Response(null, { status: 301, headers: { location: '/new/', 'content-type': 'text/html' } }),
        '/rss.xml': () =>
          new Response('<rss><script>x</script></rss>', { headers: { 'content-type': 'application/xml' } }),
        '/empty/': () => new Response(null, { headers: { 'content-type': 'text/html' } }),
      }),
      finishPage,
      finished,
    );
    const render = (p: string) => r.render(new Request(`http://x${p}`), { routeData: {} as never });
    const a = (await render('/blog/a/')) as Response;
    expect(await a.text()).toBe(finishPage(raw));
    const withMeta = (await render('/meta/')) as { response: Response; metadata: unknown };
    expect(withMeta.metadata).toEqual({ marker: '/meta/' });
    expect(await withMeta.response.text()).toBe(finishPage(raw));
    const notFound = (await render('/404')) as Response;
    expect(notFound.status).toBe(404);
    expect(await notFound.text()).toBe(finishPage(raw));
    const moved = (await render('/old/')) as Response;
    expect([moved.status, moved.headers.get('location')]).toEqual([301, '/new/']);
    expect(await ((await render('/rss.xml')) as Response).text()).toBe('<rss><script>x</script></rss>');
    expect(((await render('/empty/')) as Response).body).toBeNull();
    expect(Object.fromEntries(finished)).toEqual({
      'blog/a/index.html': { uploads: ['k1-400.webp'], assets: ['_uploads/k1-400.webp', '_astro/x.css'] },
      'meta/index.html': { uploads: ['k1-400.webp'], assets: ['_uploads/k1-400.webp', '_astro/x.css'] },
      '404.html': { uploads: ['k1-400.webp'], assets: ['_uploads/k1-400.webp', '_astro/x.css'] },
    });
  });

  it('names the files Astro writes', () => {
    expect(['/', '/blog/a/', '/404', '/500', '/caf%C3%A9/'].map(outputFile)).toEqual([
      'index.html',
      'blog/a/index.html',
      '404.html',
      '500.html',
      'café/index.html',
    ]);
  });
});

describe('after the build', () => {
  const write = (root: string, file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };

  it('a layered build finishes from disk only the pages not finished as they rendered', async () => {
    const out = tempDir('finish-out-');
    const raw = page(`${ISLAND_STYLE}<script>a()</script>`);
    write(out, 'blog/a/index.html', raw);
    write(out, 'blog/b/index.html', raw);
    const finished: FinishedPages = new Map([['blog/a/index.html', { uploads: [], assets: ['_astro/a.js'] }]]);
    const result = await finishLayeredBuild(out, finished);
    // Page a was finished as it rendered: the disk is not read again (here it still holds the raw page).
    expect(readFileSync(path.join(out, 'blog/a/index.html'), 'utf8')).toBe(raw);
    expect(readFileSync(path.join(out, 'blog/b/index.html'), 'utf8')).toBe(finishPage(raw));
    expect(result.rendered).toBe(2);
    expect(result.release.refs).toEqual({ 'blog/a/index.html': ['_astro/a.js'] });
  });

  it('a build on Astro’s cache records a page finished as it rendered with the uploads it refers to', async () => {
    const out = tempDir('finish-out-');
    const started = Date.now() - 1;
    const done = finishPage(page('<script>a()</script>'));
    write(out, 'blog/a/index.html', done);
    write(cache, 'dist/blog/a/index.html', done);
    write(
      cache,
      'incremental-build.json',
      JSON.stringify({ routes: { r: { paths: { '/blog/a/': { outputFile: 'blog/a/index.html' } } } } }),
    );
    mkdirSync(path.join(cache, 'uploads'), { recursive: true });
    writeFileSync(path.join(cache, 'uploads', 'k1-400.webp'), 'webp');
    const previous = process.env.ASTRO_CACHE_DIR;
    process.env.ASTRO_CACHE_DIR = cache;
    try {
      const finished: FinishedPages = new Map([['blog/a/index.html', { uploads: ['k1-400.webp'], assets: [] }]]);
      const counts = await finishBuild(out, cache, started, finished);
      expect(counts).toEqual({ rendered: 1, reused: 0, shipped: 1 });
      const record = JSON.parse(readFileSync(path.join(cache, 'incremental-build.files.json'), 'utf8'));
      expect(record.files['blog/a/index.html'].uploads).toEqual(['k1-400.webp']);
    } finally {
      process.env.ASTRO_CACHE_DIR = previous;
    }
  });
});
