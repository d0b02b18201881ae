/**
 * The sitemap as data (decision D10): the spec's defaults for static pages, live posts and published pages,
 * overridden per URL by sitemap_entries rows (include/exclude, priority, changefreq, title), plus custom URLs.
 * The same entries feed /sitemap.xml and the HTML /sitemap/ page.
 */

import { sitemapRoutes, type ChangeFreq } from '../../routes';
import { isPlainSitePath } from '../paths';

export type { ChangeFreq };

export type EntryKind = 'static' | 'page' | 'post' | 'custom';

export interface SitemapEntry {
  /** Path with trailing slash, e.g. /about/. */
  loc: string;
  title: string;
  lastmod?: string;
  changefreq: ChangeFreq;
  priority: number;
  kind: EntryKind;
}

/** The spec's static pages with their default priority and change frequency: the sitemap routes of src/routes.ts. */
export const STATIC_SITEMAP: ReadonlyArray<Omit<SitemapEntry, 'kind' | 'lastmod'>> = sitemapRoutes.map((r) => ({
  loc: r.path,
  title: r.title,
  ...r.sitemap,
}));

export const POST_DEFAULTS = { priority: 0.7, changefreq: 'weekly' } as const;
export const PAGE_DEFAULTS = { priority: 0.6, changefreq: 'weekly' } as const;
export const CUSTOM_DEFAULTS = { priority: 0.5, changefreq: 'monthly' } as const;

export interface SitemapInput {
  posts: Array<{ slug: string; title: string; updated_at: string; is_indexed: boolean }>;
  pages: Array<{ slug: string; title: string; custom_url: string | null; updated_at: string; is_indexed: boolean }>;
  overrides: Array<{
    url: string;
    entry_type: string;
    title: string | null;
    is_included: boolean;
    priority: number | null;
    changefreq: string | null;
    updated_at: string;
  }>;
  staticSeo: Array<{ page_route: string; is_indexed: boolean; updated_at: string }>;
}

/** Public path of a stored page: its custom_url, else /{slug}/. */
export function pagePath(page: { slug: string; custom_url: string | null }): string {
  return page.custom_url || `/${page.slug}/`;
}

const latest = (...dates: Array<string | undefined>) =>
  dates.filter((d): d is string => Boolean(d)).sort((a, b) => Date.parse(b) - Date.parse(a))[0];

/** A URL that could be in the sitemap, as the admin Sitemap tab lists it: its entry and why it is in or out. */
export interface SitemapCandidate extends SitemapEntry {
  /** In the sitemap: indexed, and not excluded by its row. */
  included: boolean;
  /** Not noindex: a noindex URL is never in the sitemap, whatever its row says (D8). */
  indexed: boolean;
  /** Priority and change frequency without the row's overrides. */
  defaults: { priority: number; changefreq: ChangeFreq };
  /** The sitemap_entries row of the URL, if it has one. */
  override?: SitemapInput['overrides'][number];
}

/**
 * Every URL the sitemap considers, in the order: static pages, pages, posts, custom URLs, each once, with the
 * row's overrides applied and whether it is in (D10).
 */
export function sitemapCandidates(input: SitemapInput): SitemapCandidate[] {
  const overrides = new Map(input.overrides.map((o) => [o.url, o]));
  const seo = new Map(input.staticSeo.map((s) => [s.page_route, s]));
  const candidates: SitemapCandidate[] = [];
  const seen = new Set<string>();

  const add = (e: SitemapEntry, indexed = true) => {
    if (seen.has(e.loc)) return;
    seen.add(e.loc);
    const o = overrides.get(e.loc);
    candidates.push({
      ...e,
      title: o?.title || e.title,
      priority: o?.priority ?? e.priority,
      changefreq: (o?.changefreq as ChangeFreq | null) ?? e.changefreq,
      lastmod: latest(e.lastmod, o?.updated_at),
      included: indexed && o?.is_included !== false,
      indexed,
      defaults: { priority: e.priority, changefreq: e.changefreq },
      override: o,
    });
  };

  for (const s of STATIC_SITEMAP) {
    const row = seo.get(s.loc);
    add({ ...s, kind: 'static', lastmod: row?.updated_at }, row?.is_indexed ?? true);
  }
  for (const p of input.pages) {
    if (p.slug === 'home') continue;
    add({ loc: pagePath(p), title: p.title, lastmod: p.updated_at, kind: 'page', ...PAGE_DEFAULTS }, p.is_indexed);
  }
  for (const p of input.posts) {
    add(
      { loc: `/blog/${p.slug}/`, title: p.title, lastmod: p.updated_at, kind: 'post', ...POST_DEFAULTS },
      p.is_indexed,
    );
  }
  for (const o of input.overrides) {
    if (o.entry_type !== 'custom') continue;
    // A row from before the database checked it (#26): a backslash made `/\evil.example/` another host in the XML.
    if (!isPlainSitePath(o.url)) {
      console.warn(
        `[content] sitemap_entries ${JSON.stringify(o.url.slice(0, 80))} url: not a plain path of this site; left out`,
      );
      continue;
    }
    add({ loc: o.url, title: o.title || o.url, kind: 'custom', ...CUSTOM_DEFAULTS, lastmod: o.updated_at });
  }
  return candidates;
}

/** Builds the entries, in the order: static pages, pages, posts, custom URLs. */
export function buildSitemap(input: SitemapInput): SitemapEntry[] {
  return sitemapCandidates(input)
    .filter((c) => c.included)
    .map((c) => ({
      loc: c.loc,
      title: c.title,
      lastmod: c.lastmod,
      changefreq: c.changefreq,
      priority: c.priority,
      kind: c.kind,
    }));
}

const xmlEscape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/**
 * The XML sitemap with absolute URLs from the site's origin. One string grown entry by entry, rather than a list of
 * lines per entry joined twice: the same bytes, about half the time at 10,000 posts (30 ms of a publish there).
 */
export function renderSitemapXml(entries: SitemapEntry[], site: string | URL): string {
  let xml = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
  if (!entries.length) xml += '\n';
  for (const e of entries) {
    xml += `  <url>\n    <loc>${xmlEscape(new URL(e.loc, site).href)}</loc>\n`;
    if (e.lastmod) xml += `    <lastmod>${new Date(e.lastmod).toISOString()}</lastmod>\n`;
    xml += `    <changefreq>${e.changefreq}</changefreq>\n    <priority>${e.priority.toFixed(1)}</priority>\n  </url>\n`;
  }
  return `${xml}</urlset>\n`;
}

/** The HTML sitemap's groups: Main Pages (priority ≥ 0.8, not posts), Blog Posts, Other Pages (< 0.8). */
export function groupSitemap(entries: SitemapEntry[]) {
  return {
    main: entries.filter((e) => e.kind !== 'post' && e.priority >= 0.8),
    posts: entries.filter((e) => e.kind === 'post'),
    other: entries.filter((e) => e.kind !== 'post' && e.priority < 0.8),
  };
}
