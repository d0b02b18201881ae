/** The Sitemap tab's rules (spec §5, D10), pure so they are unit-tested. */
import { isPlainSitePath } from '../../../lib/paths';
import { serves, type LiveAddresses } from '../../lib/live-addresses';
import { tooLong } from '../../lib/field-schemas';

export const PRIORITIES = [1, 0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2, 0.1, 0] as const;
export const CHANGEFREQS = ['always', 'hourly', 'daily', 'weekly', 'monthly', 'yearly', 'never'] as const;

/** The longest custom URL the database takes (`sitemap_entries.url`), said before 'Please enter a valid URL' would be. */
export const CUSTOM_URL_MAX = 2000;
export const customUrlTooLong = (text: string) =>
  text.trim().length > CUSTOM_URL_MAX ? tooLong('The custom URL', CUSTOM_URL_MAX) : null;

/**
 * A custom URL as typed, made a site path: a leading and a trailing slash added ('offers' → '/offers/'), a full
 * URL of this site (any of `origins`: the site's address, the admin's) reduced to its path. Null when it is empty
 * or cannot be a path of the site (another host, spaces, a query or a fragment, a backslash, a dot segment):
 * 'Please enter a valid URL'. Whether the site serves a page there is `unservedUrl`'s question.
 */
export function customSitemapUrl(text: string, origins: string | readonly string[]): string | null {
  let t = text.trim();
  if (!t) return null;
  if (/^https?:\/\//i.test(t)) {
    try {
      const u = new URL(t);
      const own = [origins].flat().map((o) => new URL(o).origin);
      if (!own.includes(u.origin) || u.search || u.hash) return null;
      t = u.pathname;
    } catch {
      return null;
    }
  }
  const path = `/${t}/`.replace(/\/{2,}/g, '/');
  // A backslash or a dot segment is refused as the database refuses it (#26, src/lib/paths.ts).
  if (path.length > CUSTOM_URL_MAX || !/^\/([^\s/?#]+\/)*$/.test(path) || !isPlainSitePath(path)) return null;
  return path;
}

/**
 * Why a custom URL (a path from `customSitemapUrl`) cannot go in the sitemap: the site serves no page there (a
 * draft, a deleted page, a typo), so search engines would be sent to a 404 (#31). Null when the site serves it:
 * a built-in page, a published page, a live post or a blog list page.
 */
export function unservedUrl(path: string, live: LiveAddresses): { title: string; description: string } | null {
  if (serves(live, path)) return null;
  return {
    title: `${path} is not a page of this site`,
    description:
      'The sitemap lists only pages guests can open: a built-in page, a published page or a live blog post. Publish the page first, or check the address.',
  };
}
