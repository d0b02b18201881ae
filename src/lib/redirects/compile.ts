/**
 * Active seo_redirects rows → the host's redirect rules (decisions D6, D7): paths normalised (trailing slash
 * ignored), chains collapsed (A→B→C becomes A→C), loops left out with a warning. The 404 page's fallback, on hosts
 * without redirect rules, answers from the same rules (/redirects.json) with the host matcher (src/lib/host/).
 */
import { isDynamicSource } from '../host/redirects.mjs';
import { isPlainSitePath } from '../paths';

export interface RedirectRow {
  from_url: string;
  to_url: string;
  redirect_type: number;
  is_active?: boolean;
}

export interface CompiledRedirect {
  /** Normalised source: path without trailing slash (but '/' stays '/'), plus its query string if any. */
  from: string;
  to: string;
  status: 301 | 302;
}

/**
 * The key a URL is matched by: path without trailing slash, then the query string as given.
 * Absolute URLs on the site's own host become paths; other hosts give undefined (they cannot be redirected here).
 */
export function redirectKey(url: string, siteHost?: string): string | undefined {
  let path = url.trim();
  if (/^https?:\/\//i.test(path)) {
    const u = new URL(path);
    if (!siteHost || u.host !== siteHost) return undefined;
    path = u.pathname + u.search;
  }
  if (!path.startsWith('/')) return undefined;
  const [rawPath, ...rest] = path.split('?');
  const query = rest.join('?');
  const p = rawPath.length > 1 ? rawPath.replace(/\/+$/, '') || '/' : rawPath;
  return query ? `${p}?${query}` : p;
}

/** Whether a redirect URL's path, when it is a path of this site, is plain (src/lib/paths.ts); absolute URLs pass. */
function plainPathPart(url: string): boolean {
  const u = url.trim();
  return !u.startsWith('/') || isPlainSitePath(u.split(/[?#]/)[0]);
}

/** The key of a redirect target when it points back into the site (for chain and loop detection). */
function targetKey(to: string, siteHost?: string): string | undefined {
  return redirectKey(to, siteHost);
}

/**
 * Compiles rows into rules. `warn` hears about loops and rows that cannot apply.
 * @param siteHost host of SITE_URL, so absolute URLs on the site count as paths.
 */
export function compileRedirects(
  rows: RedirectRow[],
  { siteHost, warn = () => {} }: { siteHost?: string; warn?: (message: string) => void } = {},
): CompiledRedirect[] {
  const direct = new Map<string, { to: string; status: 301 | 302 }>();
  for (const row of rows) {
    if (row.is_active === false) continue;
    const from = redirectKey(row.from_url, siteHost);
    if (!from) {
      warn(`redirect from ${row.from_url} skipped: not a path on this site`);
      continue;
    }
    // A row from before the database checked it (#26): `/.//evil.example/` resolves to another host.
    if (!plainPathPart(row.from_url) || !plainPathPart(row.to_url)) {
      warn(`redirect from ${row.from_url} skipped: a path with a backslash, an empty or a dot segment`);
      continue;
    }
    if (direct.has(from)) {
      warn(`redirect from ${row.from_url} skipped: another rule already redirects ${from}`);
      continue;
    }
    direct.set(from, { to: row.to_url.trim(), status: row.redirect_type === 302 ? 302 : 301 });
  }

  const out: CompiledRedirect[] = [];
  for (const [from, first] of direct) {
    let { to, status } = first;
    const seen = new Set([from]);
    let loop = false;
    // Follow the chain while the target is itself a redirected path on this site.
    for (let key = targetKey(to, siteHost); key !== undefined && direct.has(key); key = targetKey(to, siteHost)) {
      if (seen.has(key)) {
        loop = true;
        break;
      }
      seen.add(key);
      const next = direct.get(key)!;
      to = next.to;
      if (next.status === 302) status = 302;
    }
    if (!loop && targetKey(to, siteHost) === from) loop = true;
    if (loop) {
      warn(`redirect loop left out: ${[...seen].join(' → ')} → back again`);
      continue;
    }
    out.push({ from, to, status });
  }
  return out.sort(byPathThenConditions);
}

/**
 * The order rules are written and matched in (hosts take the first that applies): static sources before those
 * with a splat or placeholder, which would otherwise hide them (`/news/*` before `/news/special`), as Cloudflare
 * Pages asks anyway; then by path, and for one path the rules with a query condition before the rule without,
 * which would otherwise answer every query first.
 */
function byPathThenConditions(a: CompiledRedirect, b: CompiledRedirect): number {
  const [pathA, queryA = ''] = a.from.split('?');
  const [pathB, queryB = ''] = b.from.split('?');
  const dynamic = Number(isDynamicSource(pathA)) - Number(isDynamicSource(pathB));
  if (dynamic) return dynamic;
  if (pathA !== pathB) return pathA.localeCompare(pathB);
  if (!queryA !== !queryB) return queryA ? -1 : 1;
  return queryA.localeCompare(queryB);
}

/**
 * `_redirects` lines. A query string becomes Netlify's query condition (`/page  id=3  /to  301`); the `!`
 * forces the rule even where a page exists at the old path (staff asked for the move).
 *
 * Cloudflare Pages matches a rule's source exactly, trailing slash included, so each staff redirect is written
 * for both forms of its path (`/old-post` and `/old-post/`): guests and search engines arrive with either.
 * Netlify and the local site server ignore the trailing slash when matching, so one line does there.
 */
export function renderRedirectRules(rules: CompiledRedirect[], host: RedirectsFormat = 'netlify'): string {
  return rules
    .flatMap((r) => {
      const [path, query] = r.from.split('?');
      // Cloudflare Pages reads `from to status` only: no query conditions (those rules are left to the 404
      // page's map) and no `!`, which it does not need since its redirects always win over files.
      if (host === 'cloudflare') {
        if (query) return [];
        return slashForms(path)
          .filter((from) => from !== targetPath(r.to))
          .map((from) => `${from}  ${r.to}  ${r.status}`);
      }
      const conditions = query ? `  ${query.split('&').join(' ')}` : '';
      return [`${path}${conditions}  ${r.to}  ${r.status}!`];
    })
    .join('\n');
}

/**
 * The forms of a normalised source path a request may arrive with: without and with the trailing slash. The
 * root, file-like paths (`/old.html`) and paths with splats or placeholders keep their one form.
 */
function slashForms(path: string): string[] {
  if (path === '/' || /\.[a-z0-9]+$/i.test(path) || isDynamicSource(path)) return [path];
  return [path, `${path}/`];
}

/** The path part of a redirect target on this site (no query or fragment), to avoid a rule onto itself. */
function targetPath(to: string): string | undefined {
  return to.startsWith('/') ? to.split(/[?#]/)[0] : undefined;
}

/**
 * Cloudflare Pages' limits on a `_redirects` file
 * (https://developers.cloudflare.com/pages/configuration/redirects/#per-file): 2,000 static and 100 dynamic
 * redirects (2,100 in all), 1,000 characters a line.
 */
export const CLOUDFLARE_REDIRECT_LIMITS = { static: 2000, dynamic: 100, lineChars: 1000 } as const;

/** The rule lines of a `_redirects` body (comments and blank lines left out), split by kind. */
export function countRedirectRules(body: string): { static: number; dynamic: number; lines: string[] } {
  const lines = body
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));
  const dynamic = lines.filter((l) => isDynamicSource(l.split(/\s+/)[0])).length;
  return { static: lines.length - dynamic, dynamic, lines };
}

/**
 * Warnings for a `_redirects` body written for Cloudflare Pages: a kind of rule at `share` (90%) of its limit
 * or over it, lines over the length limit, and a static rule after a dynamic one (Cloudflare asks for static
 * rules first). Empty when all is well. Pure, so the build can print them and tests can check them.
 */
export function cloudflareRedirectWarnings(body: string, share = 0.9): string[] {
  const { static: staticCount, dynamic, lines } = countRedirectRules(body);
  const warnings: string[] = [];
  for (const [kind, count] of [
    ['static', staticCount],
    ['dynamic', dynamic],
  ] as const) {
    const limit = CLOUDFLARE_REDIRECT_LIMITS[kind];
    if (count > limit) {
      warnings.push(
        `${count} ${kind} redirects: over Cloudflare Pages' limit of ${limit}. Remove old redirects in the admin.`,
      );
    } else if (count >= Math.ceil(limit * share)) {
      const twice = kind === 'static' ? ' (each staff redirect counts twice: with and without the trailing slash)' : '';
      warnings.push(
        `${count} ${kind} redirects: near Cloudflare Pages' limit of ${limit}${twice}. Remove old redirects in the admin.`,
      );
    }
  }
  const long = lines.filter((l) => l.length > CLOUDFLARE_REDIRECT_LIMITS.lineChars);
  if (long.length) {
    warnings.push(
      `${long.length} redirect line(s) over Cloudflare Pages' limit of ${CLOUDFLARE_REDIRECT_LIMITS.lineChars} ` +
        `characters: ${long.map((l) => l.split(/\s+/)[0]).join(', ')}`,
    );
  }
  const firstDynamic = lines.findIndex((l) => isDynamicSource(l.split(/\s+/)[0]));
  if (firstDynamic >= 0 && lines.slice(firstDynamic).some((l) => !isDynamicSource(l.split(/\s+/)[0]))) {
    warnings.push('a static redirect follows a dynamic one; Cloudflare Pages wants static redirects first.');
  }
  return warnings;
}

/** Whose `_redirects` dialect to write: Netlify's (also the local site server's) or Cloudflare Pages'. */
export type RedirectsFormat = 'netlify' | 'cloudflare';
