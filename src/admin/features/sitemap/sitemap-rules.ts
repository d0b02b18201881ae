/** The Sitemap tab's rules (spec §5, D10), pure so they are unit-tested. */
import { isPlainSitePath } from '../../../lib/paths';

export const PRIORITIES = [1, 0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2, 0.1, 0] as const;
export const CHANGEFREQS = ['always', 'hourly', 'daily', 'weekly', 'monthly', 'yearly', 'never'] as const;

/**
 * A custom URL as typed, made a site path: a leading and a trailing slash added ('offers' → '/offers/'), a full
 * URL of this site reduced to its path. Null when it is empty or cannot be a path of the site (another host,
 * spaces, a query or a fragment, a backslash, a dot segment): 'Please enter a valid URL'.
 */
export function customSitemapUrl(text: string, origin: string): string | null {
  let t = text.trim();
  if (!t) return null;
  if (/^https?:\/\//i.test(t)) {
    try {
      const u = new URL(t);
      if (u.origin !== new URL(origin).origin || u.search || u.hash) return null;
      t = u.pathname;
    } catch {
      return null;
    }
  }
  const path = `/${t}/`.replace(/\/{2,}/g, '/');
  // A backslash or a dot segment is refused as the database refuses it (#26, src/lib/paths.ts).
  if (path.length > 2000 || !/^\/([^\s/?#]+\/)*$/.test(path) || !isPlainSitePath(path)) return null;
  return path;
}
