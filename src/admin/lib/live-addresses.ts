/**
 * The addresses the site serves (#31), for the tabs that must know them. Redirect safety: a redirect from an
 * address the site serves hides that page from guests and search engines, and every redirect that led to it now
 * leads on to the new target; before saving one, the form names the page and those chains and asks (RedirectForm).
 * The sitemap: a custom URL must be a page the site serves (SitemapTab). Pure: the addresses come from the route
 * registry and the Pages and Blog Posts queries.
 */
import { redirectKey } from '../../lib/redirects/compile';
import { pageCount } from '../../lib/blog/paging';
import { staticRoutes } from '../../routes';
import type { ActiveRedirect } from './validation';

/** What the site serves at an address: a built-in page, a published stored page, a live post or a blog list page. */
export type LiveAddresses = Map<string, string>;

interface PageRow {
  title: string;
  slug: string;
  custom_url: string | null;
  is_published: boolean;
}
interface PostRow {
  title: string;
  slug: string;
  is_published: boolean;
  published_date: string | null;
}

/** Every address guests can open, by its redirect key (path without the trailing slash), with its title. */
export function liveAddresses(pages: PageRow[], posts: PostRow[], now = new Date()): LiveAddresses {
  const live: LiveAddresses = new Map();
  const add = (path: string, title: string) => {
    const key = redirectKey(path);
    if (key && !live.has(key)) live.set(key, title);
  };
  for (const r of staticRoutes) add(r.path, r.title);
  for (const p of pages) if (p.is_published) add(p.custom_url?.trim() || `/${p.slug}/`, p.title);
  const livePosts = posts.filter((p) => p.is_published && (!p.published_date || new Date(p.published_date) <= now));
  for (const p of livePosts) add(`/blog/${p.slug}/`, p.title);
  // The blog list's later pages (src/pages/blog/page/[page].astro), twelve posts a page.
  for (let page = 2; page <= pageCount(livePosts.length); page++) add(`/blog/page/${page}/`, `Blog, page ${page}`);
  return live;
}

/** Whether the site serves a path of its own (with or without its trailing slash). */
export const serves = (live: LiveAddresses, path: string) => {
  const key = redirectKey(path);
  return key !== undefined && live.has(key);
};

export interface RedirectWarning {
  /** The title of the page the redirect would hide. */
  page: string;
  /** Active redirects whose target is that address: they will lead on to the new target. */
  chains: string[];
}

/** What a new active redirect from `from` would hide, or null when it hides nothing. */
export function redirectWarning(
  from: string,
  live: LiveAddresses,
  active: ActiveRedirect[],
  siteHost?: string,
): RedirectWarning | null {
  const key = redirectKey(from, siteHost);
  const page = key === undefined ? undefined : live.get(key.split('?')[0]);
  if (!page || key?.includes('?')) return null;
  const chains = active.filter((r) => redirectKey(r.to_url, siteHost) === key).map((r) => r.from_url);
  return { page, chains };
}
