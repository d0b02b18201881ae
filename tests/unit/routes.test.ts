import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  STATIC_ROUTES,
  SYSTEM_ROUTES,
  contentListRoutes,
  isReservedPath,
  isStaticRoute,
  pageSeoRoutes,
  routeByPath,
  sitemapRoutes,
  staticRoutes,
} from '../../src/routes';
import { CAFE_SLUG } from '../../src/data/cafe';
import { STATIC_PAGES } from '../../src/admin/features/content/content-list';
import { STATIC_SITEMAP } from '../../src/lib/sitemap/entries';

const PAGES_DIR = fileURLToPath(new URL('../../src/pages/', import.meta.url));

/** The .astro pages without a route parameter, as `file → path` by Astro's file-based routing. */
const astroPages = readdirSync(PAGES_DIR, { recursive: true, encoding: 'utf8' })
  .map((f) => f.split('\\').join('/'))
  .filter((f) => f.endsWith('.astro') && !f.includes('['))
  .map((file) => ({ file, path: `/${file.replace(/\.astro$/, '').replace(/(^|\/)index$/, '')}/`.replace('//', '/') }));

const SYSTEM = new Set<string>(SYSTEM_ROUTES);
const sorted = (paths: Iterable<string>) => [...paths].sort();

describe('route registry against src/pages', () => {
  it('reads the pages folder', () => {
    expect(astroPages.length).toBeGreaterThan(10);
    expect(astroPages).toContainEqual({ file: 'index.astro', path: '/' });
    expect(astroPages).toContainEqual({ file: 'location/directions.astro', path: '/location/directions/' });
  });

  it('has an entry for every static public .astro page, and a page for every entry', () => {
    const publicPages = astroPages.filter((p) => !SYSTEM.has(p.path)).map((p) => p.path);
    expect(sorted(STATIC_ROUTES.map((r) => r.path))).toEqual(sorted(publicPages));
  });

  it('lists exactly the admin and error pages as system routes', () => {
    const systemPages = astroPages.filter((p) => SYSTEM.has(p.path)).map((p) => p.path);
    expect(sorted(SYSTEM_ROUTES)).toEqual(sorted(systemPages));
  });

  it.each(astroPages.filter((p) => !SYSTEM.has(p.path)))(
    '$file: noindex in the page iff in the registry',
    ({ file, path }) => {
      let source = readFileSync(`${PAGES_DIR}${file}`, 'utf8');
      // A convertible route (D20) renders its template from src/components/templates inside ConvertedRoute.
      const template = /from '((?:\.\.\/)+components\/templates\/\w+\.astro)'/.exec(source)?.[1];
      if (template) source = readFileSync(new URL(template, `file://${PAGES_DIR}${file}`), 'utf8');
      expect(/noindex:\s*true/.test(source)).toBe(routeByPath(path)?.noindex);
    },
  );

  it('wraps the template of every convertible route, and only those, in ConvertedRoute (D20)', () => {
    for (const { file, path } of astroPages.filter((p) => !SYSTEM.has(p.path))) {
      const source = readFileSync(`${PAGES_DIR}${file}`, 'utf8');
      const wrapped = source.includes(`<ConvertedRoute path="${path}">`);
      expect(wrapped, file).toBe(Boolean(routeByPath(path)?.contentList) && path !== '/');
    }
  });
});

describe('route registry entries', () => {
  it.each(staticRoutes)('$path is canonical, unique and titled', (route) => {
    expect(route.path).toMatch(/^\/([a-z0-9-]+\/)*$/);
    expect(staticRoutes.filter((r) => r.path === route.path)).toHaveLength(1);
    expect(route.title.trim()).not.toBe('');
    expect(route.pageSeoTitle !== null).toBe(route.pageSeo);
  });

  it.each(staticRoutes.filter((r) => r.noindex))('$path (noindex) is in no sitemap and has no Page SEO', (route) => {
    expect(route.sitemap).toBe(false);
    expect(route.pageSeo).toBe(false);
  });

  it('has the cafe as the one route owned by a stored page (its row gives its list item and sitemap entry)', () => {
    expect(staticRoutes.filter((r) => r.storedPage).map((r) => [r.path, r.storedPage])).toEqual([
      [`/${CAFE_SLUG}/`, CAFE_SLUG],
    ]);
    const cafe = routeByPath(`/${CAFE_SLUG}/`);
    expect(cafe).toMatchObject({ contentList: false, sitemap: false, pageSeo: false });
  });
});

describe('Content List static pages (admin spec)', () => {
  const EXPECTED: Array<[title: string, path: string]> = [
    ['Home', '/'],
    ['About Us', '/about/'],
    ['Accommodation', '/accommodation/'],
    ['Experience', '/experience/'],
    ['Gallery', '/gallery/'],
    ['Booking', '/booking/'],
    ['Contact', '/contact/'],
    ['Location', '/location/'],
    ['Blog', '/blog/'],
  ];

  it('are the nine pages in the spec order, and the Content List reads them', () => {
    expect(contentListRoutes.map((r) => [r.title, r.path])).toEqual(EXPECTED);
    expect(STATIC_PAGES).toEqual(EXPECTED);
  });
});

describe('Page SEO routes (admin spec)', () => {
  it.each([
    ['/', 'Homepage'],
    ['/about/', 'About Us'],
    ['/accommodation/', 'Accommodation'],
    ['/experience/', 'Experience'],
    ['/gallery/', 'Gallery'],
    ['/contact/', 'Contact Us'],
    ['/blog/', 'Blog'],
    ['/reviews/', 'Reviews'],
  ])('%s is edited as %s', (path, title) => {
    expect(routeByPath(path)).toMatchObject({ pageSeo: true, pageSeoTitle: title });
  });

  it('are exactly the eight', () => {
    expect(pageSeoRoutes.map((r) => r.path)).toEqual([
      '/',
      '/about/',
      '/accommodation/',
      '/experience/',
      '/gallery/',
      '/contact/',
      '/blog/',
      '/reviews/',
    ]);
  });
});

describe('sitemap defaults (public spec; the legal pages and the HTML sitemap by decision, issue #16)', () => {
  const EXPECTED: Record<string, [priority: number, changefreq: string] | false> = {
    '/': [1, 'daily'],
    '/about/': [0.8, 'weekly'],
    '/accommodation/': [0.9, 'weekly'],
    '/experience/': [0.8, 'weekly'],
    '/gallery/': [0.7, 'monthly'],
    '/contact/': [0.6, 'monthly'],
    '/blog/': [0.8, 'daily'],
    '/reviews/': [0.7, 'weekly'],
    '/booking/': false,
    '/location/': false,
    '/location/directions/': false,
    '/boudha-cafe-de-mandala/': false,
    '/thank-you/': false,
    '/privacy/': [0.3, 'yearly'],
    '/terms/': [0.3, 'yearly'],
    '/sitemap/': [0.3, 'monthly'],
  };

  it('covers every route', () => {
    expect(sorted(Object.keys(EXPECTED))).toEqual(sorted(staticRoutes.map((r) => r.path)));
  });

  it.each(Object.entries(EXPECTED))('%s → %j', (path, expected) => {
    const { sitemap } = routeByPath(path)!;
    expect(sitemap && [sitemap.priority, sitemap.changefreq]).toEqual(expected);
  });

  it('feed the static entries of the sitemap, in order', () => {
    expect(STATIC_SITEMAP).toEqual(
      sitemapRoutes.map((r) => ({
        loc: r.path,
        title: r.title,
        priority: r.sitemap.priority,
        changefreq: r.sitemap.changefreq,
      })),
    );
    expect(STATIC_SITEMAP.map((e) => e.loc)).toEqual(Object.keys(EXPECTED).filter((p) => EXPECTED[p]));
  });
});

describe('lookups', () => {
  it.each([
    ['/', true],
    ['/about/', true],
    ['/about', true],
    ['/location/directions/', true],
    ['/boudha-cafe-de-mandala/', true],
    ['/blog/kora/', false],
    ['/admin/', false],
    ['/404/', false],
    ['/aboutus/', false],
    ['', false],
  ])('isStaticRoute(%j) → %s', (path, expected) => {
    expect(isStaticRoute(path)).toBe(expected);
    expect(routeByPath(path) !== undefined).toBe(expected);
  });

  it('routeByPath gives the entry', () => {
    expect(routeByPath('/reviews/')?.title).toBe('Reviews');
    expect(routeByPath('/thank-you')?.noindex).toBe(true);
  });

  // The same answers as the regex it replaced (every static route's first segment, admin, 404 and 500).
  it.each([
    ['/', true],
    ['/about/', true],
    ['/about', true],
    ['/accommodation/', true],
    ['/booking/', true],
    ['/thank-you/', true],
    ['/location/directions/', true],
    ['/privacy/', true],
    ['/terms/', true],
    ['/reviews/', true],
    ['/sitemap/', true],
    ['/blog/x/', true],
    ['/blog/page/2/', true],
    ['/admin/', true],
    ['/admin/login/', true],
    ['/mandala-admin-portal/', true],
    ['/404/', true],
    ['/500/', true],
    ['/boudha-cafe-de-mandala/', false],
    ['/retreats/', false],
    ['/aboutus/', false],
    ['/about.html', false],
    ['/about?x=1', false],
    ['about/', false],
    ['', false],
  ])('isReservedPath(%j) → %s', (path, reserved) => {
    expect(isReservedPath(path)).toBe(reserved);
  });
});
