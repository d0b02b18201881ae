// @ts-check
/**
 * How the site's redirects are written and answered, in one place (#27): the routing rules of D5, the paths exempt
 * from the trailing slash, the `_redirects` lines, and the matcher. The build writes `dist/_redirects` from here
 * (src/integrations/host-files.ts); the site server reads that file back with Netlify's own parser and answers with
 * `matchRedirect` (scripts/publisher/site-server.mjs); the 404 page's fallback, for hosts without rules, runs the
 * same `matchRedirect` over the staff's rules (src/pages/404.astro, /redirects.json). tests/unit/host-rules.test.ts
 * runs one table of (rule, request) → (status, Location) through the matcher and through the site server.
 *
 * The matcher follows Netlify's documented semantics, which Cloudflare Pages shares for every rule the build writes
 * for it (https://docs.netlify.com/routing/redirects/redirect-options/,
 * https://developers.cloudflare.com/pages/configuration/redirects/):
 * - a source matches with or without its trailing slash (for Cloudflare, which matches exactly, the build writes
 *   a static staff rule in both forms);
 * - `*` at the end of a source matches the rest of the path, given to the target as `:splat`; `:name` matches one
 *   segment, given to the target as `:name`;
 * - a query condition (`id=3`, or `id=:id` for any value, bound as `:id`) must hold; a rule without one passes the
 *   request's query string on;
 * - a rule without `!` gives way to a file that exists at the path (shadowing);
 * - a rule onto the very URL requested is skipped, and a local target keeps one leading slash.
 */

/**
 * @typedef {{ from: string, to: string, status: number, force?: boolean, query?: Record<string, string> }} HostRedirect
 *   A rule as Netlify's parser (@netlify/redirect-parser) gives it, or as the build writes it.
 */

/** The routing aliases of D5, after the staff's redirects in `_redirects`. */
export const ROUTING_REDIRECTS = /** @type {const} */ ([
  { from: '/index', to: '/', status: 301 },
  // /index.html is a file, yet must go to /: forced.
  { from: '/index.html', to: '/', status: 301, force: true },
  { from: '/home', to: '/', status: 301 },
  { from: '/home/', to: '/', status: 301 },
  { from: '/sitemap.html', to: '/sitemap/', status: 301 },
  { from: '/admin', to: '/admin/', status: 301 },
  { from: '/mandala-admin-portal', to: '/mandala-admin-portal/', status: 301 },
]);

/**
 * Paths exempt from the trailing-slash rule: /, what lies under the admin (its own routes), /api…, /sitemap.xml
 * and files with an extension.
 * @param {string} path
 */
export function isSlashExempt(path) {
  return path === '/' || /^\/(admin|api)(\/|$)/.test(path) || path === '/sitemap.xml' || /\.[a-z0-9]+$/i.test(path);
}

/**
 * One rule per built page: its path without the trailing slash answers 301 to the canonical path (the query
 * string is kept by the host). Pages are given as Astro reports them ('', 'about/', 'blog/post/').
 * @param {string[]} pages
 * @returns {HostRedirect[]}
 */
export function trailingSlashRules(pages) {
  /** @type {HostRedirect[]} */
  const rules = [];
  for (const page of pages) {
    const canonical = `/${page}`.replace(/\/+$/, '/');
    // The error pages are files (404.html, 500.html), not folders: a slash rule for them would loop.
    if (canonical === '/' || isSlashExempt(canonical.slice(0, -1)) || canonical === '/404/' || canonical === '/500/')
      continue;
    rules.push({ from: canonical.slice(0, -1), to: canonical, status: 301 });
  }
  // By code unit, not localeCompare: the same order for the ASCII paths a build has, and about 40 ms less at 10,000
  // posts, on every publish (the order only keeps the file stable; each source is given once).
  return rules.sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
}

/**
 * Renders rules as `_redirects` lines: `from  to  status`, forced rules with `!` where the dialect has it
 * (Cloudflare Pages refuses `!` and applies its rules before files anyway). A later rule for a source already
 * given is left out: the first one wins on every host, so a repeat is only noise.
 * @param {readonly HostRedirect[]} rules
 * @param {'netlify' | 'cloudflare'} [format]
 */
export function renderRedirects(rules, format = 'netlify') {
  const seen = new Set();
  const lines = [];
  for (const r of rules) {
    if (seen.has(r.from)) continue;
    seen.add(r.from);
    lines.push(`${r.from}  ${r.to}  ${r.status}${r.force && format === 'netlify' ? '!' : ''}`);
  }
  return lines.join('\n') + '\n';
}

/**
 * A compiled staff redirect (src/lib/redirects/compile.ts: `/page?id=3` → `/to`) as a host rule: path and query
 * condition apart, forced (the build writes staff rules with `!`).
 * @param {{ from: string, to: string, status: number }} rule
 * @returns {HostRedirect}
 */
export function hostRedirect({ from, to, status }) {
  const [path, query = ''] = from.split('?');
  return { from: path, to, status, force: true, query: Object.fromEntries(new URLSearchParams(query)) };
}

/**
 * A source with a splat (`*`) or a placeholder (`:name`): what Cloudflare Pages counts as a dynamic redirect.
 * @param {string} source
 */
export function isDynamicSource(source) {
  return source.includes('*') || /(^|\/):[A-Za-z_]/.test(source);
}

const withoutSlash = (/** @type {string} */ p) => (p.length > 1 ? p.replace(/\/+$/, '') || '/' : p);
const escapeRegExp = (/** @type {string} */ s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** @type {Map<string, { re: RegExp, names: string[] }>} */
const compiled = new Map();

/**
 * A rule's source as a pattern over the path without its trailing slash: `*` as the last segment matches the rest
 * (nothing included), `:name` one segment; the rest literally.
 * @param {string} from
 */
function sourcePattern(from) {
  let entry = compiled.get(from);
  if (entry) return entry;
  /** @type {string[]} */
  const names = [];
  const segments = withoutSlash(from).split('/').slice(1);
  let re = '';
  segments.forEach((segment, i) => {
    if (segment === '*' && i === segments.length - 1) {
      names.push('splat');
      re += '(?:/(.*))?';
    } else if (/^:[A-Za-z_]\w*$/.test(segment)) {
      names.push(segment.slice(1));
      re += '/([^/]+)';
    } else re += `/${escapeRegExp(segment)}`;
  });
  entry = { re: new RegExp(`^${re || '/'}$`), names };
  compiled.set(from, entry);
  return entry;
}

/**
 * The rules by source, so that a request is compared with the few rules that can match it, not all of them: one
 * trailing-slash rule per page makes ten thousand rules at ten thousand posts, and the site server and the SEO
 * report (which resolves every link of every page) would otherwise try each. A source without a splat or a
 * placeholder matches one path exactly (its pattern is that path, literally), so it is looked up; the others are
 * tried in order. Kept per rules array (a site's rules are read once and never changed).
 * @type {WeakMap<readonly HostRedirect[], { exact: Map<string, number[]>, dynamic: number[] }>}
 */
const indexes = new WeakMap();

/** @param {readonly HostRedirect[]} rules */
function ruleIndex(rules) {
  let index = indexes.get(rules);
  if (index) return index;
  index = { exact: new Map(), dynamic: [] };
  for (let i = 0; i < rules.length; i++) {
    if (isDynamicSource(rules[i].from)) index.dynamic.push(i);
    else {
      const key = withoutSlash(rules[i].from);
      const list = index.exact.get(key);
      if (list) list.push(i);
      else index.exact.set(key, [i]);
    }
  }
  indexes.set(rules, index);
  return index;
}

/** The rules that may match `path`, in their order in the file. @param {readonly HostRedirect[]} rules @param {string} path */
function candidates(rules, path) {
  const { exact, dynamic } = ruleIndex(rules);
  const hits = exact.get(path);
  if (!hits) return dynamic;
  return [...hits, ...dynamic].sort((a, b) => a - b);
}

/** A path with one leading slash: `//evil.example/` would be another host in a Location header. */
export const oneLeadingSlash = (/** @type {string} */ p) => `/${p.replace(/^[/\\]+/, '')}`;

/**
 * The first rule that applies to a request, if any: its status and Location.
 * @param {readonly HostRedirect[]} rules
 * @param {URL} url the request (its pathname as sent; it is percent-decoded here, as hosts compare paths)
 * @param {(pathname: string) => boolean} [fileExists] for shadowing; without it no file shadows a rule
 * @returns {{ status: number, location: string } | undefined}
 */
export function matchRedirect(rules, url, fileExists = () => false) {
  let decoded = url.pathname;
  try {
    decoded = decodeURIComponent(url.pathname);
  } catch {
    /* as sent */
  }
  // Repeated slashes are one (`//about` is `/about`), as hosts read a path; a Location never starts with `//`.
  const path = withoutSlash(decoded.replace(/\/{2,}/g, '/'));
  for (const i of candidates(rules, path)) {
    const r = rules[i];
    const { re, names } = sourcePattern(r.from);
    const m = re.exec(path);
    if (!m) continue;
    /** @type {Record<string, string>} */
    const params = {};
    names.forEach((name, i) => (params[name] = m[i + 1] ?? ''));
    // A splat keeps the request's trailing slash: /news/a/ → /blog/a/.
    if (names.includes('splat') && params.splat && decoded.endsWith('/')) params.splat += '/';
    const conditions = Object.entries(r.query ?? {});
    let queryHolds = true;
    for (const [key, value] of conditions) {
      const given = url.searchParams.get(key);
      if (given === null || (!value.startsWith(':') && given !== value)) queryHolds = false;
      else if (value.startsWith(':')) params[value.slice(1)] = given;
    }
    if (!queryHolds) continue;
    if (!r.force && fileExists(url.pathname)) continue;
    // What a request supplies goes into the target percent-encoded (a splat keeps its slashes): a decoded `\`, tab,
    // `?` or `#` must stay part of a path segment, never become another host, a query or a fragment.
    const encoded = (/** @type {string} */ name) =>
      name === 'splat' ? params[name].split('/').map(encodeURIComponent).join('/') : encodeURIComponent(params[name]);
    const to = r.to.replace(/:([A-Za-z_]\w*)/g, (whole, name) => (name in params ? encoded(name) : whole));
    /** @type {URL} */
    let target;
    try {
      target = new URL(to, url);
    } catch {
      continue; // a target that is no URL once filled in: the rule cannot apply
    }
    // The query string passes on as sent (hosts do not rewrite it), unless the rule matched on it.
    if (!conditions.length && url.search)
      target.search = target.search ? `${target.search}&${url.search.slice(1)}` : url.search;
    // Local or not is the rule's to say, not the filled-in target's: a target written as a path stays on this site.
    const local = /^\/(?![/\\])/.test(r.to.trim());
    // A rule that would answer a URL with itself is a loop: serve the request instead.
    if (local && target.pathname === url.pathname && target.search === url.search) continue;
    // A local target stays local: `/.//evil.example/` resolves to the path `//evil.example/`, which a browser would
    // read as another host (#26).
    return { status: r.status, location: local ? oneLeadingSlash(target.pathname) + target.search : target.href };
  }
  return undefined;
}
