/**
 * One table of (rule, request) → (status, Location, headers) (#27), run through the host-rules module's matcher
 * and through the site server serving a build folder whose `_redirects` and `_headers` the build's own writers
 * made (src/integrations/host-files.ts). The matcher answers the 404 page's fallback too, so the three answer
 * alike; the splat and placeholder rows give the Location Netlify and Cloudflare Pages give for those rules.
 */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { parseAllRedirects } from '@netlify/redirect-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteServer } from '@boudha/publisher/site-server';
import { redirectsFileBody } from '../../src/integrations/host-files';
import { HEADER_RULES, headersFor, renderHeaders } from '../../src/lib/host/headers.mjs';
import { hostRedirect, matchRedirect, type HostRedirect } from '../../src/lib/host/redirects.mjs';
import { compileRedirects } from '../../src/lib/redirects/compile';

/** The staff's redirects, as rows of seo_redirects. */
const ROWS = [
  { from_url: '/news/*', to_url: '/blog/:splat', redirect_type: 301 },
  { from_url: '/old/:year/:slug', to_url: '/blog/:slug/', redirect_type: 301 },
  { from_url: '/old-blog/', to_url: '/blog/', redirect_type: 301 },
  { from_url: '/promo?code=monsoon', to_url: '/accommodation/', redirect_type: 302 },
  { from_url: '/away', to_url: 'https://example.org/x', redirect_type: 302 },
  // Forced: a page still built at the old address gives way.
  { from_url: '/gallery/', to_url: '/experience/', redirect_type: 301 },
];
/** The pages of the build, as Astro reports them. */
const PAGES = ['', 'about/', 'blog/', 'blog/walking/', 'accommodation/', 'experience/', 'gallery/', 'admin/', '404/'];
const FILES = ['_astro/app.abc123.js', 'robots.txt', 'sitemap.xml', '404.html'];

/** [request, status, Location]: 200 and 404 are served, not redirected. */
const TABLE: [string, number, string | null][] = [
  ['/news/kora-at-dawn/', 301, '/blog/kora-at-dawn/'],
  ['/news/2026/kora', 301, '/blog/2026/kora'],
  ['/news/kora/?utm_source=x', 301, '/blog/kora/?utm_source=x'],
  ['/old/2024/walking', 301, '/blog/walking/'],
  ['/old/2024/walking/', 301, '/blog/walking/'],
  ['/old-blog', 301, '/blog/'],
  ['/old-blog/?page=2', 301, '/blog/?page=2'],
  ['/promo/?code=monsoon', 302, '/accommodation/'],
  ['/promo?code=winter', 404, null],
  ['/away/', 302, 'https://example.org/x'],
  ['/gallery/', 301, '/experience/'],
  ['/about', 301, '/about/'],
  ['/about?x=1', 301, '/about/?x=1'],
  ['/blog/walking', 301, '/blog/walking/'],
  ['/about/', 200, null],
  ['/index.html', 301, '/'],
  ['/home/', 301, '/'],
  ['/admin', 301, '/admin/'],
  ['/sitemap.html', 301, '/sitemap/'],
  ['/sitemap.xml', 200, null],
  ['/robots.txt', 200, null],
  // Never another host through an empty segment (#26): //about is /about.
  ['/.//about', 301, '/about/'],
  ['/no-such-page/', 404, null],
];

/** [request, header, value]: null for a header that must be absent. */
const HEADERS: [string, string, string | null][] = [
  ['/_astro/app.abc123.js', 'cache-control', 'public, max-age=31536000, immutable'],
  ['/about/', 'cache-control', 'public, max-age=0, must-revalidate'],
  ['/about/', 'content-security-policy', "frame-ancestors 'self'"],
  ['/about/', 'x-frame-options', null],
  ['/about/', 'x-content-type-options', 'nosniff'],
  ['/about/', 'referrer-policy', 'strict-origin-when-cross-origin'],
  ['/admin/', 'x-frame-options', 'DENY'],
  // Two policies, both enforced: the admin is framed by nobody.
  ['/admin/', 'content-security-policy', "frame-ancestors 'none', frame-ancestors 'self'"],
  ['/%61dmin/', 'content-security-policy', "frame-ancestors 'none', frame-ancestors 'self'"],
  ['/robots.txt', 'cache-control', 'public, max-age=0, must-revalidate'],
];

let dir = '';
let base = '';
let close: () => void;
let rules: HostRedirect[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'host-rules-'));
  const staff = compileRedirects(ROWS);
  for (const page of PAGES) {
    const file = page === '404/' ? '404.html' : path.join(page, 'index.html');
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), `<!doctype html><title>${page || 'home'}</title>`);
  }
  for (const file of FILES) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), file);
  }
  await writeFile(path.join(dir, '_redirects'), redirectsFileBody(staff, PAGES, 'netlify'));
  await writeFile(path.join(dir, '_headers'), renderHeaders(HEADER_RULES));
  rules = (
    await parseAllRedirects({ redirectsFiles: [path.join(dir, '_redirects')], configRedirects: [], minimal: false })
  ).redirects as HostRedirect[];
  const server = createSiteServer({ root: () => dir });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});

afterAll(async () => {
  close?.();
  await rm(dir, { recursive: true, force: true });
});

/** What a host does with the request, by the matcher: a redirect, or the file, or the 404 page. */
function byMatcher(request: string): [number, string | null] {
  const url = new URL(request, 'http://site.test');
  const exists = (p: string) => {
    const rel = decodeURIComponent(p).replace(/^\/+/, '');
    if (p.endsWith('/')) return PAGES.includes(rel) && rel !== '404/';
    return FILES.includes(rel);
  };
  const hit = matchRedirect(rules, url, exists);
  if (hit) return [hit.status, hit.location];
  return [exists(url.pathname) ? 200 : 404, null];
}

describe('host rules: one table, the matcher and the site server', () => {
  it.each(TABLE)('%s → %i %s (matcher)', (request, status, location) => {
    expect(byMatcher(request)).toEqual([status, location]);
  });

  it.each(TABLE)('%s → %i %s (site server)', async (request, status, location) => {
    const res = await fetch(base + request, { redirect: 'manual' });
    expect([res.status, res.headers.get('location')]).toEqual([status, location]);
  });

  it.each(HEADERS)('%s: %s is %s (module and site server)', async (request, name, value) => {
    const byModule = Object.fromEntries(
      Object.entries(headersFor(HEADER_RULES, decodeURIComponent(request))).map(([k, v]) => [k.toLowerCase(), v]),
    );
    expect(byModule[name] ?? null).toBe(value);
    const res = await fetch(base + request, { redirect: 'manual' });
    expect(res.headers.get(name)).toBe(value);
  });

  it('answers the 404 page’s fallback from /redirects.json with the same matcher', () => {
    const compiled = compileRedirects(ROWS);
    const fallback = compiled.map(hostRedirect);
    for (const [request] of TABLE.filter(([r]) => /^\/(news|old|promo|away)/.test(r))) {
      const url = new URL(request, 'http://site.test');
      expect(matchRedirect(fallback, url) ?? null, request).toEqual(matchRedirect(rules, url) ?? null);
    }
  });

  it('never sends a visitor to another host through what the request fills in (review of #27)', () => {
    const rules = [
      { from: '/en/*', to: '/:splat', status: 301, force: true },
      { from: '/tag/:slug', to: '/:slug/', status: 301, force: true },
      { from: '/p', to: '/:id', status: 301, force: true, query: { id: ':id' } },
      { from: '/news/*', to: '/blog/:splat', status: 301, force: true },
    ];
    const at = (request: string) => matchRedirect(rules, new URL(request, 'http://site.test'))?.location;
    for (const request of ['/en/%5Cevil.com', '/en/%09/evil.com', '/tag/%5Cevil.com', '/p?id=/evil.com'])
      expect(at(request), request).toMatch(/^\/[^/\\]/);
    // A decoded ? or # stays in the path segment.
    expect(at('/news/a%3Fb=1')).toBe('/blog/a%3Fb%3D1');
    expect(at('/news/a%23top')).toBe('/blog/a%23top');
    // The query passes on as sent.
    expect(at('/news/kora/?x=1&x=2&y=a%20b&z')).toBe('/blog/kora/?x=1&x=2&y=a%20b&z');
  });

  it('writes static staff rules before splats and placeholders, which would hide them', () => {
    const compiled = compileRedirects([
      { from_url: '/news/*', to_url: '/blog/:splat', redirect_type: 301 },
      { from_url: '/news/special', to_url: '/offers/', redirect_type: 301 },
      { from_url: '/old/:year/:slug', to_url: '/blog/:slug/', redirect_type: 301 },
      { from_url: '/old/2024/x', to_url: '/about/', redirect_type: 301 },
    ]);
    expect(compiled.map((r) => r.from)).toEqual(['/news/special', '/old/2024/x', '/news/*', '/old/:year/:slug']);
    const hostRules = compiled.map(hostRedirect);
    expect(matchRedirect(hostRules, new URL('http://site.test/news/special'))?.location).toBe('/offers/');
    expect(matchRedirect(hostRules, new URL('http://site.test/old/2024/x'))?.location).toBe('/about/');
  });

  it('writes a splat rule for Cloudflare Pages in its dialect, after the static rules', () => {
    const body = redirectsFileBody(compileRedirects(ROWS), PAGES, 'cloudflare');
    const lines = body.split('\n').filter((l) => l && !l.startsWith('#'));
    expect(lines.at(-2)).toBe('/news/*  /blog/:splat  301');
    expect(lines.at(-1)).toBe('/old/:year/:slug  /blog/:slug/  301');
    expect(lines).toContain('/old-blog/  /blog/  301');
    expect(lines.some((l) => l.includes('!'))).toBe(false);
  });
});

describe('the matcher with many rules (#28: one trailing-slash rule per page)', () => {
  const at = (p: string) => new URL(`http://site.test${p}`);
  it('keeps the file order between exact and dynamic sources', () => {
    const rules: HostRedirect[] = [
      { from: '/news/*', to: '/blog/:splat', status: 301 },
      { from: '/news/a', to: '/exact/', status: 302 },
      { from: '/old/', to: '/new/', status: 301 },
      { from: '/old/', to: '/second/', status: 302 },
      { from: '/x/:id', to: '/y/:id', status: 301 },
    ];
    expect(matchRedirect(rules, at('/news/a'))).toEqual({ status: 301, location: '/blog/a' });
    expect(matchRedirect(rules, at('/old'))).toEqual({ status: 301, location: '/new/' });
    expect(matchRedirect(rules, at('/x/7/'))).toEqual({ status: 301, location: '/y/7' });
    expect(matchRedirect([...rules].reverse(), at('/news/a'))).toEqual({ status: 302, location: '/exact/' });
  });
  it('finds a page’s slash rule among ten thousand', () => {
    const rules: HostRedirect[] = Array.from({ length: 10_000 }, (_, i) => ({
      from: `/blog/post-${i}`,
      to: `/blog/post-${i}/`,
      status: 301,
    }));
    expect(matchRedirect(rules, at('/blog/post-9999'))).toEqual({ status: 301, location: '/blog/post-9999/' });
    expect(matchRedirect(rules, at('/blog/post-10000'))).toBeUndefined();
  });
});
