import { createHash } from 'node:crypto';
import type { CategoryOption } from '../blog/types';
import { pageCount, pageSlice } from '../blog/paging';
import { relatedPosts, toCard, type Post } from './blog';
import type { HotelContact } from './contact';
import type { SeoSettings, StaticSeoRow } from './seo';
import type { Page, Section, TextBlock } from './pages';

/**
 * Cache keys of the generated routes (#17, Astro's experimental.incrementalBuild): a page from getStaticPaths()
 * is copied from the previous build when its key and its route's code are both unchanged. So a key must change
 * whenever anything the page shows changes. Each key is a digest of exactly the data its page renders: the
 * page's own rows (raw, as read: a post's markdown, by its digest, not its HTML, so a reused page costs no rendering), the rows
 * it lists or links (related posts, a list page's cards), the head's sources for its path, and the site-wide
 * digest (contact details in the nav and footer, global SEO settings and the favicon, categories, the sizes of
 * the images under public/, the footer's year, the origins). Code is not in the keys: Astro hashes each route's modules
 * itself, and a changed config or lockfile drops the whole cache.
 *
 * What is not here on purpose: the redirects map (no generated page shows it; /redirects.json and _redirects are
 * rebuilt every time), the sitemap overrides and the reviews (only ungenerated pages read them).
 */

/** Bump to drop every cached page at once (a change to what the keys cover). */
export const KEY_VERSION = 1;

/**
 * The data as JSON, each Map written as its entries sorted by key (JSON.stringify alone writes a Map as `{}`, and a
 * key that misses a change serves a stale page). Objects keep the order of their keys: every object here is built
 * by our code or read from the database in a fixed column order, so the same data gives the same text; should the
 * same data ever come in another order, its key changes and the page merely renders again. Sorting every object's
 * keys cost 0.2 s of a publish at 10,000 posts (#28).
 */
const withSortedMaps = (_key: string, v: unknown) =>
  v instanceof Map ? [...v.entries()].sort(([a], [b]) => (String(a) < String(b) ? -1 : 1)) : v;

/** A short, stable digest of any JSON-able value (Maps included). */
export function digest(...parts: unknown[]): string {
  return createHash('sha256')
    .update(JSON.stringify([KEY_VERSION, ...parts], withSortedMaps))
    .digest('base64url')
    .slice(0, 32);
}

/**
 * A value JSON.stringify writes in full without help: nothing inside is a Map or a Set (written as `{}`, so a key
 * would miss every change in it). Dates and functions are left as they are (a Date is written as its time).
 */
type Plain<T> = T extends Map<unknown, unknown> | Set<unknown>
  ? never
  : T extends Date | ((...args: never[]) => unknown)
    ? T
    : T extends readonly (infer U)[]
      ? readonly Plain<U>[]
      : T extends object
        ? { [K in keyof T]: Plain<T[K]> }
        : T;

/**
 * `digest` for values without a Map or a Set, which the type refuses: JSON.stringify without a replacer, which V8
 * writes on its fast path. The keys of 10,000 posts cost a publish about 0.17 s with the replacer (called for every
 * value, in a bundle that each build of the warm builder loads anew, so never optimised) and about 0.05 s
 * without (#28). Equal to `digest` for the same parts.
 */
export function plainDigest<T extends unknown[]>(...parts: T & Plain<T>): string {
  return createHash('sha256')
    .update(JSON.stringify([KEY_VERSION, ...parts]))
    .digest('base64url')
    .slice(0, 32);
}

/** What every page shows from the database and the build's surroundings. */
export interface SiteInputs {
  contact: HotelContact;
  settings: SeoSettings | null;
  categories: CategoryOption[];
  /** Width and height of the images under public/, which rendered markdown writes into <img>. */
  publicImageSizes: Map<string, { width: number; height: number }>;
  /** The footer's copyright year. */
  year: number;
  /**
   * Addresses the pages print: the site's origin (canonical URLs) and the Supabase URL the guest forms post to.
   * Astro's config hash and module hashes cover them too; a key should not depend on that.
   */
  origins: { site: string; supabase: string };
}

export const siteDigest = (site: SiteInputs) => digest('site', site);

/**
 * The sources of a path's head besides its own row (src/lib/content/head.ts, resolveHead): the static_page_seo
 * row of that route and a stored page at that address (or the 'home' page for /). Read the same way here.
 */
export function headSources(path: string, staticSeo: Map<string, StaticSeoRow>, pages: Page[]) {
  const page = pages.find((p) => (path === '/' ? p.row.slug === 'home' : p.path === path));
  return { staticSeo: staticSeo.get(path) ?? null, page: page ? { row: page.row, preview: page.preview } : null };
}
export type HeadSources = ReturnType<typeof headSources>;

/**
 * A live post as its page shows it, its markdown by the digest the database keeps of it (blog_posts.content_digest,
 * LivePost in site.ts): a layered build reads only the texts of the posts that render (#28).
 */
export type PostSource = Omit<Post, 'content'> & { contentDigest: string; blocks: TextBlock[]; sections: Section[] };

/** Everything the generated pages are made of (site.ts reads it once per build). */
export interface KeyInputs {
  site: SiteInputs;
  /** Live posts, in the blog's order (newest first). */
  posts: PostSource[];
  /** Published pages and pages in preview mode. */
  pages: Page[];
  staticSeo: Map<string, StaticSeoRow>;
}

/**
 * The cache key of every generated page, by path: /blog/<slug>/ (the post with its blocks, sections, author and
 * SEO fields, the two related cards it shows), /blog/page/<n>/ (its twelve cards and the page count, for the
 * pager) and each stored page's address (its row, content, blocks and sections). Every key also holds the site
 * digest and the head's sources for its path. The routes look their paths up here.
 */
export function generatedPageKeys({ site: siteInputs, posts, pages, staticSeo }: KeyInputs): Map<string, string> {
  const site = siteDigest(siteInputs);
  const head = (path: string) => headSources(path, staticSeo, pages);
  const cards = posts.map(toCard);
  const keys = new Map<string, string>();
  for (const post of posts) {
    const path = `/blog/${post.slug}/`;
    keys.set(path, plainDigest('post', site, post, relatedPosts(cards, post.slug), head(path)));
  }
  const count = pageCount(cards.length);
  for (let page = 2; page <= count; page++) {
    const path = `/blog/page/${page}/`;
    keys.set(path, plainDigest('blog-list', site, pageSlice(cards, page), page, count, head(path)));
  }
  for (const page of pages) keys.set(page.path, plainDigest('page', site, page));
  return keys;
}
