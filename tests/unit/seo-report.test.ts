/**
 * The SEO report's rules (#29, D28; scripts/publisher/seo-report.mjs): each problem of the fixture site alone is
 * found alone; what a page says of itself is read as a browser would (an icon's title, an inert template, a bare
 * alt); the pages where a check makes no sense are spared it; links follow the host's redirects; the stored report
 * is bounded fairly with the true counts.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  SEO_KINDS,
  boundFindings,
  checkSite,
  pageClass,
  pagePathOf,
  readPage,
  reportLine,
  seoReport,
  srcsetUrls,
  summarise,
  type SeoFinding,
} from '@boudha/publisher/seo-report';
import type { HostRedirect } from '../../src/lib/host/redirects.mjs';
import { BREAKAGES, SITE_URL, cleanSite, writeSite, type SiteSpec } from '../fixtures/seo-site';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function report(site: SiteSpec, siteUrl: string | undefined = SITE_URL) {
  const dir = await mkdtemp(path.join(tmpdir(), 'seo-unit-'));
  dirs.push(dir);
  await writeSite(dir, site);
  return seoReport(dir, { siteUrl });
}

/** A site of pages given as HTML, with files and rules, checked without a folder. */
const check = (
  pages: Record<string, string>,
  {
    files = [],
    redirects = [],
    sitemap = null,
  }: { files?: string[]; redirects?: HostRedirect[]; sitemap?: string | null } = {},
) =>
  checkSite({
    pages: Object.entries(pages).map(([p, html]) => ({ path: p, html })),
    files: new Set(['/og.jpg', ...files, ...Object.keys(pages).map((p) => (p.endsWith('/') ? `${p}index.html` : p))]),
    sitemap,
    redirects,
    siteUrl: SITE_URL,
  });

/** A page with a sound head, and the given body. */
const good = (body = '', head = '') =>
  `<html><head><title>A page of the hotel</title><meta name="description" content="About the hotel.">` +
  `<meta property="og:image" content="/og.jpg">${head}</head><body><h1>A page</h1>${body}</body></html>`;
const kinds = (findings: SeoFinding[]) => findings.map((f) => f.kind);

describe('each rule, alone', () => {
  it('the clean fixture site has no problem', async () => {
    expect((await report(cleanSite())).findings).toEqual([]);
  });

  it.each(SEO_KINDS)('%s: the one breakage gives exactly one finding of its kind', async (kind) => {
    const site = cleanSite();
    BREAKAGES[kind](site);
    expect(kinds((await report(site)).findings)).toEqual([kind]);
  });
});

describe('reading a page', () => {
  it('reads the head and the body as a browser would', () => {
    const facts = readPage(
      '/x/',
      '<html><head><title>Rooms &amp; Rates</title><meta name="Description" content="Six rooms.">' +
        '<meta name="robots" content="NOINDEX, follow"><link rel="alternate canonical" href="/x/">' +
        '<meta property="og:image" content=" /og.jpg "><script type="application/ld+json">{"a":1}</script></head>' +
        '<body><svg><title>Icon</title></svg><template><h1>Inert</h1><img src="/t.png"><a href="/t/">t</a></template>' +
        '<h1>Rooms</h1><img src="/a.jpg" alt><img src="/b.jpg"><picture><source srcset="/c.webp 1x"></picture>' +
        '<a href="/y/">y</a><a>no href</a></body></html>',
    );
    expect(facts).toEqual({
      path: '/x/',
      titles: ['Rooms & Rates'],
      description: 'Six rooms.',
      noindex: true,
      canonical: '/x/',
      ogImage: '/og.jpg',
      h1: 1,
      images: [
        { src: '/a.jpg', srcset: null, alt: true },
        { src: '/b.jpg', srcset: null, alt: false },
      ],
      sources: ['/c.webp 1x'],
      links: ['/y/'],
      jsonld: ['{"a":1}'],
    });
  });

  it('names built files by the address guests open', () => {
    expect(pagePathOf('index.html')).toBe('/');
    expect(pagePathOf(path.join('blog', 'walk', 'index.html'))).toBe('/blog/walk/');
    expect(pagePathOf('404.html')).toBe('/404.html');
    expect(pageClass('/admin/login/')).toBe('admin');
    expect(pageClass('/mandala-admin-portal/')).toBe('admin');
    expect(pageClass('/500.html')).toBe('error');
    expect(pageClass('/administration/')).toBe('page');
  });

  it('reads the URLs of a srcset, with or without spaces after the commas', () => {
    expect(srcsetUrls('/a-400.webp 400w, /a-800.webp 800w')).toEqual(['/a-400.webp', '/a-800.webp']);
    expect(srcsetUrls('/a.webp 1x,/b.webp 2x')).toEqual(['/a.webp', '/b.webp']);
    // A URL runs to white space, as a browser reads it: a comma inside one is part of it, a trailing one ends it.
    expect(srcsetUrls('/a.webp,/b.webp 2x')).toEqual(['/a.webp,/b.webp']);
    expect(srcsetUrls('/a.webp, /b.webp,')).toEqual(['/a.webp', '/b.webp']);
    expect(srcsetUrls('data:image/png;base64,AAAA 1x, /b.webp 2x')).toEqual(['/b.webp']);
    expect(srcsetUrls('  ')).toEqual([]);
  });
});

describe('which pages get which checks', () => {
  it('spares the error pages the head checks, not what a guest meets on them', () => {
    const bare = '<html><head><title>Not found</title></head><body><a href="/gone/">x</a><img src="/x.png"></body>';
    const found = check({ '/404.html': bare, '/': good() });
    expect(found.map((f) => [f.kind, f.path])).toEqual([
      ['h1-missing', '/404.html'],
      ['img-alt-missing', '/404.html'],
      ['broken-link', '/404.html'],
      ['broken-image', '/404.html'],
    ]);
  });

  it('spares a noindex page the search-snippet checks and the sitemap, and never checks the admin', () => {
    const noindex =
      '<html><head><title>Thanks</title><meta name="robots" content="noindex"><link rel="canonical" href="/x/">' +
      '</head><body><h1>Thanks</h1></body></html>';
    expect(check({ '/thank-you/': noindex, '/admin/': '<p>nothing right here<a href="/nowhere/">' })).toEqual([]);
    const sitemap = `<urlset><url><loc>${SITE_URL}/thank-you/</loc></url></urlset>`;
    expect(kinds(check({ '/thank-you/': noindex }, { sitemap }))).toEqual(['sitemap-noindex']);
  });

  it('leaves the blog’s later list pages out of sitemap-missing, not other pages', () => {
    const sitemap = `<urlset><url><loc>${SITE_URL}/blog/</loc></url></urlset>`;
    const pages = { '/blog/': good(), '/blog/page/2/': good('', '<x>'), '/blog/page/two/': good() };
    // (The titles are alike: a duplicate is no concern of this test.)
    const found = check(pages, { sitemap }).filter((f) => f.kind !== 'title-duplicate');
    expect(found.map((f) => [f.kind, f.path])).toEqual([['sitemap-missing', '/blog/page/two/']]);
  });
});

describe('titles, descriptions and headings', () => {
  it('counts characters as people do, and names two <title> elements', () => {
    expect(kinds(check({ '/': good().replace('A page of the hotel', 'é'.repeat(60)) }))).toEqual([]);
    expect(kinds(check({ '/': good().replace('A page of the hotel', 'é'.repeat(61)) }))).toEqual(['title-long']);
    expect(kinds(check({ '/': good('', '<title>Again</title>') }))).toEqual(['title-duplicate']);
    expect(kinds(check({ '/': good().replace('About the hotel.', ' ') }))).toEqual(['description-missing']);
    expect(kinds(check({ '/': good().replace('About the hotel.', 'x'.repeat(161)) }))).toEqual(['description-long']);
  });

  it('names a title shared by indexable pages on each page after the first', () => {
    const found = check({ '/a/': good(), '/b/': good(), '/c/': good() });
    expect(found.map((f) => [f.kind, f.path, f.target])).toEqual([
      ['title-duplicate', '/b/', '/a/'],
      ['title-duplicate', '/c/', '/a/'],
    ]);
  });
});

describe('links and images', () => {
  const rules = [
    { from: '/old', to: '/a/', status: 301, force: true },
    { from: '/news/*', to: '/blog/:splat', status: 301, force: true },
    { from: '/page', to: '/a/', status: 301, force: true, query: { id: '3' } },
    { from: '/out', to: 'https://booking.example/', status: 302, force: true },
    { from: '/a', to: '/a/', status: 301 },
  ];
  it('follows the host’s redirects, splats and query conditions included', () => {
    const body = [
      '/a',
      '/a/',
      '/old',
      '/news/walk/',
      '/page?id=3',
      '/out',
      `${SITE_URL}/a/#rooms`,
      '../a/',
      '/caf%C3%A9/',
      'https://elsewhere.example/x',
      'mailto:x@y.z',
      'javascript:void 0',
    ]
      .map((h) => `<a href="${h}">x</a>`)
      .join('');
    const pages = { '/a/': good(body), '/blog/walk/': good().replace('A page', 'Walk'), '/café/': good('', '') };
    expect(check(pages, { redirects: rules }).filter((f) => f.kind !== 'title-duplicate')).toEqual([]);
    const broken = check(
      { '/a/': good('<a href="/page?id=4">x</a><a href="/news/gone/">y</a>') },
      { redirects: rules },
    );
    expect(broken.map((f) => [f.kind, f.target])).toEqual([
      ['broken-link', '/news/gone/'],
      ['broken-link', '/page?id=4'],
    ]);
    expect(broken[0].detail).toBe(
      'The link to /news/gone/ reaches no page of this site (it redirects to /blog/gone/).',
    );
  });

  it('checks every image address once per page: src, srcset, picture sources and the social image', () => {
    const body =
      '<img alt="a" src="/i/a.jpg" srcset="/i/a.jpg 1x, /i/b.jpg 2x"><picture><source srcset="/i/c.webp">' +
      '<img alt="d" src="/i/a.jpg"></picture>';
    const page = good(body).replace('/og.jpg', `${SITE_URL}/i/og.jpg`);
    expect(kinds(check({ '/': page }, { files: ['/i/a.jpg', '/i/b.jpg', '/i/c.webp', '/i/og.jpg'] }))).toEqual([]);
    expect(check({ '/': page }, { files: ['/i/a.jpg'] }).map((f) => f.target)).toEqual([
      '/i/b.jpg',
      '/i/c.webp',
      '/i/og.jpg',
    ]);
  });

  it('allows alt="" (a decorative image) and names each image without alt once', () => {
    const body = '<img src="/x.jpg" alt=""><img src="/y.jpg"><img src="/y.jpg">';
    const found = check({ '/': good(body) }, { files: ['/x.jpg', '/y.jpg'] });
    expect(found.map((f) => [f.kind, f.target])).toEqual([['img-alt-missing', '/y.jpg']]);
  });
});

describe('redirects', () => {
  const files = ['/a/index.html'];
  const run = (redirects: HostRedirect[]) => check({ '/a/': good() }, { files, redirects });
  it('names a chain on its first rule, a loop once, and a rule to nowhere', () => {
    const found = run([
      { from: '/one', to: '/two', status: 301, force: true },
      { from: '/two', to: '/a', status: 301, force: true },
      { from: '/a', to: '/a/', status: 301 },
      { from: '/x', to: '/y/', status: 301, force: true },
      { from: '/y', to: '/z/', status: 301, force: true },
      { from: '/z', to: '/x/', status: 301, force: true },
      { from: '/lost', to: '/nowhere/', status: 302, force: true },
    ]);
    expect(found.map((f) => [f.kind, f.path])).toEqual([
      ['redirect-chain', '/one'],
      ['redirect-chain', '/two'],
      ['redirect-loop', '/x'],
      ['redirect-broken', '/lost'],
    ]);
    expect(found[0].detail).toBe(
      'The redirect takes 3 steps: /one → /two → /a → /a/. Point it straight at the last one.',
    );
  });

  it('leaves alone a rule to another site, a splat, and a rule a file shadows', () => {
    expect(
      run([
        { from: '/book', to: 'https://booking.example/', status: 302, force: true },
        { from: '/news/*', to: '/nowhere/:splat', status: 301, force: true },
        { from: '/a/index.html', to: '/nowhere/', status: 301 },
      ]),
    ).toEqual([]);
  });
});

describe('canonical URLs and JSON-LD', () => {
  it('accepts a canonical URL of the page itself, written any way, and names one elsewhere', () => {
    expect(check({ '/a/': good('', '<link rel="canonical" href="/a/">') })).toEqual([]);
    expect(check({ '/a/': good('', `<link rel="canonical" href="${SITE_URL}/a/">`) })).toEqual([]);
    const other = check({ '/a/': good('', '<link rel="canonical" href="https://other.example/a/">') });
    expect(other.map((f) => [f.kind, f.target])).toEqual([['canonical-elsewhere', 'https://other.example/a/']]);
  });

  it('checks each node of a block, its @graph and every @type, not nested nodes', () => {
    const ld = (data: unknown) => `<script type="application/ld+json">${JSON.stringify(data)}</script>`;
    const graph = ld({
      '@graph': [
        { '@type': ['Hotel', 'LocalBusiness'], name: 'H', address: '' },
        { '@type': 'BreadcrumbList', itemListElement: [] },
        { '@type': 'BlogPosting', headline: 'x', datePublished: '2026', image: 'i', author: { '@type': 'Person' } },
        { '@type': 'Thing' },
      ],
    });
    const found = check({ '/': good('', graph) });
    expect(found.map((f) => f.detail)).toEqual([
      'The JSON-LD BreadcrumbList lacks itemListElement.',
      'The JSON-LD Hotel lacks address.',
      'The JSON-LD LocalBusiness lacks address.',
    ]);
    expect(kinds(check({ '/': good('', ld([{ '@type': 'Organization', name: 'O' }])) }))).toEqual([]);
  });
});

describe('the stored report', () => {
  const finding = (kind: SeoFinding['kind'], i: number): SeoFinding => ({ kind, path: `/p${i}/`, detail: 'x' });
  it('keeps every finding up to the limit', () => {
    const all = [finding('title-long', 1), finding('broken-link', 2)];
    expect(boundFindings(all, 2)).toBe(all);
  });

  it('shares the limit between kinds, so that one kind in thousands hides no other, in the original order', () => {
    const all = [
      ...Array.from({ length: 600 }, (_, i) => finding('broken-link', i)),
      ...Array.from({ length: 3 }, (_, i) => finding('title-long', i)),
      ...Array.from({ length: 300 }, (_, i) => finding('h1-missing', i)),
    ];
    const kept = boundFindings(all, 500);
    expect(kept).toHaveLength(500);
    const count = (k: string) => kept.filter((f) => f.kind === k).length;
    expect([count('broken-link'), count('title-long'), count('h1-missing')]).toEqual([248, 3, 249]);
    expect(kept.map((f) => all.indexOf(f))).toEqual([...kept.map((f) => all.indexOf(f))].sort((a, b) => a - b));
    expect(boundFindings(all.slice(0, 7), 2).map((f) => f.path)).toEqual(['/p0/', '/p1/']);
  });

  it('stores the true counts and total with the bounded findings, and says it in one line', () => {
    const all = [...Array.from({ length: 4 }, (_, i) => finding('broken-link', i)), finding('title-long', 9)];
    const r = summarise(all, { pages: 12, duration_ms: 420, limit: 3 });
    expect(r).toMatchObject({ version: 1, pages: 12, total: 5, truncated: true, duration_ms: 420 });
    expect(r.counts).toEqual({ 'broken-link': 4, 'title-long': 1 });
    expect(r.findings).toHaveLength(3);
    expect(reportLine(r)).toBe('5 SEO problems (4 broken-link, 1 title-long) in 12 pages, 0.4 s');
    expect(reportLine(summarise([], { pages: 3 }))).toBe('0 SEO problems in 3 pages, 0.0 s');
  });
});
