/**
 * The Not found list's rules (#29, D28), pure: which reported paths still need staff (not ignored, not served, not
 * redirected by a saved rule), and the target a redirect from one should suggest: the live address whose slug is
 * closest to the missing one's.
 */
import { compileRedirects, redirectKey, type RedirectRow } from '../../../lib/redirects/compile';
import { hostRedirect, matchRedirect } from '../../../lib/host/redirects.mjs';
import { serves, type LiveAddresses } from '../../lib/live-addresses';

/** A suggestion must be at least this alike (0 to 1): below it, a guess would mislead more than help. */
export const MIN_SIMILARITY = 0.5;
/** Slugs are compared on at most this many characters (the distance is quadratic in their length). */
const SLUG_CHARS = 120;

/** Levenshtein distance, two rows. */
function distance(a: string, b: string): number {
  if (a === b) return 0;
  if (!a.length || !b.length) return Math.max(a.length, b.length);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++)
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length];
}

/** How alike two strings are, 0 to 1 (1 - the edit distance over the longer length). */
export function similarity(a: string, b: string): number {
  const x = a.slice(0, SLUG_CHARS);
  const y = b.slice(0, SLUG_CHARS);
  const longest = Math.max(x.length, y.length);
  return longest === 0 ? 1 : 1 - distance(x, y) / longest;
}

const words = (slug: string) => new Set(slug.split(/[^\p{L}\p{N}]+/u).filter(Boolean));

/** The share of words two slugs have in common (Jaccard): `about-us` and `about` share one word of two. */
function sharedWords(a: string, b: string): number {
  const x = words(a);
  const y = words(b);
  if (!x.size || !y.size) return 0;
  let both = 0;
  for (const w of x) if (y.has(w)) both++;
  return both / (x.size + y.size - both);
}

/** A path as compared: decoded, lower-case, without its trailing slash (the redirect key's form). */
function comparable(path: string): string {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    /* as given */
  }
  return (redirectKey(decoded.toLowerCase()) ?? decoded.toLowerCase()).split('?')[0];
}

/** The last segment of a comparable path, without an old site's page extension (`rooms.html` is `rooms`). */
const slugOf = (path: string) => (path.split('/').pop() ?? '').replace(/\.(html?|php|aspx?)$/, '');

/** A live address's key (`/about`, `/`) as the path a redirect should name (`/about/`, `/`). */
const canonical = (key: string) => (key === '/' ? '/' : `${key}/`);

/**
 * The live address closest to a missing path, as a redirect target (`/about/`): the one whose slug is most alike
 * (by spelling, or by the words it shares), the whole path deciding a tie. When none is alike enough, the nearest
 * address above the missing one that the site serves (`/blog/` for a lost post), else nothing. `live`: the keys of
 * liveAddresses (`/about`, `/blog/walking-the-kora-at-dawn`, `/`).
 */
export function suggestTarget(missing: string, live: Iterable<string>): string | undefined {
  const keys = [...live];
  const from = comparable(missing);
  const fromSlug = slugOf(from);
  let best: { key: string; score: number; tie: number } | undefined;
  for (const key of keys) {
    const to = key.toLowerCase();
    const slug = slugOf(to);
    const score = fromSlug ? Math.max(similarity(fromSlug, slug), sharedWords(fromSlug, slug)) : 0;
    const tie = similarity(from, to);
    if (!best || score > best.score || (score === best.score && tie > best.tie)) best = { key, score, tie };
  }
  if (best && best.score >= MIN_SIMILARITY) return canonical(best.key);
  const served = new Set(keys.map((k) => k.toLowerCase()));
  const segments = from.split('/').filter(Boolean);
  for (let n = segments.length - 1; n >= 1; n--) {
    const parent = `/${segments.slice(0, n).join('/')}`;
    if (served.has(parent)) return canonical(keys.find((k) => k.toLowerCase() === parent)!);
  }
  return undefined;
}

interface MissingPath {
  path: string;
  ignored: boolean;
}

/**
 * The reported paths staff still have to look at: not ignored, not an address the site serves now, and not one a
 * saved active redirect answers (the build's rules, through the host's matcher): a redirect made for a path takes
 * it off the list at once, whether made from the list or typed in the form.
 */
export function pathsToReview<T extends MissingPath>(
  rows: T[],
  { redirects, live, siteHost }: { redirects: RedirectRow[]; live: LiveAddresses; siteHost?: string },
): T[] {
  const rules = compileRedirects(redirects, { siteHost }).map(hostRedirect);
  return rows.filter((row) => {
    if (row.ignored) return false;
    if (serves(live, row.path)) return false;
    return !matchRedirect(rules, new URL(row.path, 'http://site.invalid'));
  });
}

/**
 * A stored path (percent-encoded, as the function keeps it) as staff read and type it: decoded (`/café/`), unless
 * decoding would change what it names (a space, which a redirect may not hold, or an encoded `?`, `#`, `%` or `\`).
 * The host's matcher decodes a request's path before it compares, so a redirect from the decoded form answers it.
 */
export function readablePath(path: string): string {
  try {
    const decoded = decodeURIComponent(path);
    return /^[^\s?#%\\]*$/.test(decoded) ? decoded : path;
  } catch {
    return path;
  }
}
