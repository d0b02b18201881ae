/** The admin's validation rules and messages (admin spec §5, D7), pure so they are unit-tested. */
import { isPlainSitePath } from '../../lib/paths';
import { redirectKey } from '../../lib/redirects/compile';

export const MESSAGES = {
  loginMissing: 'Please enter both email and password',
  categoryName: 'Category name is required',
  reviewRequired: 'Reviewer name, review date and review text are required',
  invalidUrl: [
    'Invalid URL',
    'Please enter valid URLs. Use relative paths (e.g., /old-page) or absolute URLs (e.g., {host})',
  ],
  sameUrl: ['Invalid redirect', 'Source and destination URLs cannot be the same'],
  loop: ['Redirect loop', 'This redirect would send visitors in a circle'],
} as const;

/** Slug rule of the spec: lower-case; keep letters, digits, spaces and hyphens; whitespace runs → '-'; no '--'. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-');
}

/**
 * What the database accepts in a URL column (migration 20261123120000): an http(s) URL with a plain host, or a
 * root-relative path that no browser reads as another host (not //host or /\host).
 */
export const WEB_URL =
  /^(\/([^/\\\s][^\\\s]*)?|https?:\/\/[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?(:[0-9]{1,5})?([/?#][^\\\s]*)?)$/;

/** Whether `url` may be stored in a URL column (empty counts: the columns are optional). */
export const isWebUrl = (url: string) => !url.trim() || WEB_URL.test(url.trim());

/** A redirect URL: a relative path longer than '/' (not //host or /\host), or an absolute http(s) URL. */
export function isRedirectUrl(url: string): boolean {
  const u = url.trim();
  // A path of this site must be plain (#26): `/.//evil.example/` resolves to another host.
  if (u.startsWith('/')) return u.length > 1 && isPlainSitePath(u.split(/[?#]/)[0]);
  try {
    const parsed = new URL(u);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:';
  } catch {
    return false;
  }
}

export interface ActiveRedirect {
  from_url: string;
  to_url: string;
}

/**
 * Whether adding from → to would send visitors in a circle with the active rules (D7): following `to` through
 * the active redirects comes back to `from`.
 */
export function createsLoop(active: ActiveRedirect[], from: string, to: string, siteHost?: string): boolean {
  const start = redirectKey(from, siteHost);
  if (!start) return false;
  const next = new Map<string, string>();
  for (const r of active) {
    const k = redirectKey(r.from_url, siteHost);
    if (k && !next.has(k)) next.set(k, r.to_url);
  }
  const seen = new Set<string>();
  for (let key = redirectKey(to, siteHost); key !== undefined;) {
    if (key === start) return true;
    if (seen.has(key)) return false; // an existing loop elsewhere; not this rule's doing
    seen.add(key);
    const target = next.get(key);
    key = target === undefined ? undefined : redirectKey(target, siteHost);
  }
  return false;
}

/** The first problem with a new redirect, as [title, description], or null. */
export function redirectProblem(
  from: string,
  to: string,
  active: ActiveRedirect[],
  host: string,
  siteHost?: string,
): readonly [string, string] | null {
  if (!isRedirectUrl(from) || !isRedirectUrl(to))
    return [MESSAGES.invalidUrl[0], MESSAGES.invalidUrl[1].replace('{host}', host)];
  if (from.trim() === to.trim() || redirectKey(from, siteHost) === redirectKey(to, siteHost)) return MESSAGES.sameUrl;
  if (createsLoop(active, from, to, siteHost)) return MESSAGES.loop;
  return null;
}
