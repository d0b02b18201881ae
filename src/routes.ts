/**
 * The route registry: every public page whose route is fixed in code (an .astro file under src/pages without a
 * route parameter), with what each reader needs. One list, read by the admin Content List, the sitemap, the pages
 * query (which paths a stored page may not take) and the breadcrumbs. tests/unit/routes.test.ts checks it
 * against the src/pages folder and the specs.
 *
 * Dependency-free and browser-safe: the admin imports it as well as the build.
 */

/** A sitemap change frequency (sitemaps.org). */
export type ChangeFreq = 'always' | 'hourly' | 'daily' | 'weekly' | 'monthly' | 'yearly' | 'never';

/** A route's default sitemap entry (public spec, Business constants); the admin Sitemap tab can override it (D10). */
export interface SitemapDefaults {
  readonly priority: number;
  readonly changefreq: ChangeFreq;
}

/** One public route fixed in code. */
export interface StaticRoute {
  /** Canonical path with the trailing slash of D5, e.g. /about/. */
  readonly path: string;
  /** Title as the admin Content List shows it (the sitemap's default title too). */
  readonly title: string;
  /** Listed under Static Pages in the admin Content List (admin spec names nine). */
  readonly contentList: boolean;
  /**
   * Default sitemap entry, or false when the route is not in the sitemap unless staff add it as a custom URL.
   * A noindex route is never in it. A route with a `storedPage` gets its entry from that pages row instead.
   */
  readonly sitemap: SitemapDefaults | false;
  /** Has an editor in the admin Page SEO tab (a static_page_seo row keyed by `path`; admin spec names eight). */
  readonly pageSeo: boolean;
  /** The title the Page SEO tab shows for the route (admin spec), or null without a Page SEO editor. */
  readonly pageSeoTitle: string | null;
  /** The page's head carries noindex (it sets `noindex: true` in its .astro file). */
  readonly noindex: boolean;
  /**
   * Slug of the `pages` row this template renders (the cafe page), or null. Such a route belongs to that stored
   * page: the Content List and the sitemap show it through the row, and it is not reserved against it.
   */
  readonly storedPage: string | null;
}

/** Every public static route, in the order the Content List and the sitemap show them. */
export const STATIC_ROUTES = [
  {
    path: '/',
    title: 'Home',
    contentList: true,
    sitemap: { priority: 1, changefreq: 'daily' },
    pageSeo: true,
    pageSeoTitle: 'Homepage',
    noindex: false,
    storedPage: null,
  },
  {
    path: '/about/',
    title: 'About Us',
    contentList: true,
    sitemap: { priority: 0.8, changefreq: 'weekly' },
    pageSeo: true,
    pageSeoTitle: 'About Us',
    noindex: false,
    storedPage: null,
  },
  {
    path: '/accommodation/',
    title: 'Accommodation',
    contentList: true,
    sitemap: { priority: 0.9, changefreq: 'weekly' },
    pageSeo: true,
    pageSeoTitle: 'Accommodation',
    noindex: false,
    storedPage: null,
  },
  {
    path: '/experience/',
    title: 'Experience',
    contentList: true,
    sitemap: { priority: 0.8, changefreq: 'weekly' },
    pageSeo: true,
    pageSeoTitle: 'Experience',
    noindex: false,
    storedPage: null,
  },
  {
    path: '/gallery/',
    title: 'Gallery',
    contentList: true,
    sitemap: { priority: 0.7, changefreq: 'monthly' },
    pageSeo: true,
    pageSeoTitle: 'Gallery',
    noindex: false,
    storedPage: null,
  },
  {
    path: '/booking/',
    title: 'Booking',
    contentList: true,
    sitemap: false,
    pageSeo: false,
    pageSeoTitle: null,
    noindex: true,
    storedPage: null,
  },
  {
    path: '/contact/',
    title: 'Contact',
    contentList: true,
    sitemap: { priority: 0.6, changefreq: 'monthly' },
    pageSeo: true,
    pageSeoTitle: 'Contact Us',
    noindex: false,
    storedPage: null,
  },
  {
    path: '/location/',
    title: 'Location',
    contentList: true,
    sitemap: false,
    pageSeo: false,
    pageSeoTitle: null,
    noindex: false,
    storedPage: null,
  },
  {
    path: '/blog/',
    title: 'Blog',
    contentList: true,
    sitemap: { priority: 0.8, changefreq: 'daily' },
    pageSeo: true,
    pageSeoTitle: 'Blog',
    noindex: false,
    storedPage: null,
  },
  {
    path: '/reviews/',
    title: 'Reviews',
    contentList: false,
    sitemap: { priority: 0.7, changefreq: 'weekly' },
    pageSeo: true,
    pageSeoTitle: 'Reviews',
    noindex: false,
    storedPage: null,
  },
  {
    path: '/location/directions/',
    title: 'Directions',
    contentList: false,
    sitemap: false,
    pageSeo: false,
    pageSeoTitle: null,
    noindex: true,
    storedPage: null,
  },
  {
    path: '/boudha-cafe-de-mandala/',
    title: 'Boudha Cafe de Mandala',
    contentList: false,
    sitemap: false,
    pageSeo: false,
    pageSeoTitle: null,
    noindex: false,
    storedPage: 'boudha-cafe-de-mandala',
  },
  {
    path: '/thank-you/',
    title: 'Thank You',
    contentList: false,
    sitemap: false,
    pageSeo: false,
    pageSeoTitle: null,
    noindex: true,
    storedPage: null,
  },
  {
    path: '/privacy/',
    title: 'Privacy Policy',
    contentList: false,
    sitemap: { priority: 0.3, changefreq: 'yearly' },
    pageSeo: false,
    pageSeoTitle: null,
    noindex: false,
    storedPage: null,
  },
  {
    path: '/terms/',
    title: 'Terms of Service',
    contentList: false,
    sitemap: { priority: 0.3, changefreq: 'yearly' },
    pageSeo: false,
    pageSeoTitle: null,
    noindex: false,
    storedPage: null,
  },
  {
    path: '/sitemap/',
    title: 'Sitemap',
    contentList: false,
    sitemap: { priority: 0.3, changefreq: 'monthly' },
    pageSeo: false,
    pageSeoTitle: null,
    noindex: false,
    storedPage: null,
  },
] as const satisfies readonly StaticRoute[];

/** A path of the registry, e.g. '/about/'. */
export type StaticPath = (typeof STATIC_ROUTES)[number]['path'];

/**
 * Pages under src/pages that are not public routes: the error pages and the admin (both prefixes). They are not
 * listed, indexed or given SEO, but a stored page may not take their place either.
 */
export const SYSTEM_ROUTES = ['/404/', '/500/', '/admin/', '/admin/login/', '/mandala-admin-portal/'] as const;

/** The registry, widened to `StaticRoute` for code that does not care about the literal types. */
export const staticRoutes: readonly StaticRoute[] = STATIC_ROUTES;

/** A route with a default sitemap entry. */
export type SitemapRoute = StaticRoute & { readonly sitemap: SitemapDefaults };

/** The Content List's static pages, in its order (admin spec, Content List). */
export const contentListRoutes: readonly StaticRoute[] = staticRoutes.filter((r) => r.contentList);

/** The routes in the sitemap by default, with their priority and changefreq (public spec; D10). */
export const sitemapRoutes: readonly SitemapRoute[] = staticRoutes.filter((r): r is SitemapRoute => !!r.sitemap);

/** The routes with a Page SEO editor (admin spec, Page SEO: the eight routes, titles as that tab shows them). */
export const pageSeoRoutes: readonly StaticRoute[] = staticRoutes.filter((r) => r.pageSeo);

const withSlash = (path: string) => (!path || path.endsWith('/') ? path : `${path}/`);
const byPath = new Map(staticRoutes.map((r) => [r.path, r]));

/** The registry entry of a path (the trailing slash may be left out), or undefined if it is not a static route. */
export function routeByPath(path: string): StaticRoute | undefined {
  return byPath.get(withSlash(path));
}

/** Whether a path (the trailing slash may be left out) is a public static route of the registry. */
export function isStaticRoute(path: string): boolean {
  return byPath.has(withSlash(path));
}

/** First path segments that belong to code: every static route not owned by a stored page, and the system pages. */
export const RESERVED_SEGMENTS: ReadonlySet<string> = new Set(
  [...staticRoutes.filter((r) => !r.storedPage).map((r) => r.path), ...SYSTEM_ROUTES].map((p) => p.split('/')[1]),
);

/**
 * Whether a path lies in a part of the site fixed in code, so a stored page may not take its place (it is not
 * built there): its first segment is that of a static route (not one owned by a stored page) or of a system
 * page. `/` is reserved; so are `/about`, `/about/` and anything under them (`/blog/x/`, `/location/directions/`);
 * `/aboutus/` and `/boudha-cafe-de-mandala/` are not.
 */
export function isReservedPath(path: string): boolean {
  const first = /^\/([^/]*)(\/|$)/.exec(path)?.[1];
  return first !== undefined && RESERVED_SEGMENTS.has(first);
}
