/** The routing rules of decision D5 as lines of a `_redirects` file (the format Netlify and Cloudflare Pages read). */

export interface RedirectRule {
  from: string;
  to: string;
  status: 301 | 302;
}

/** Paths exempt from the trailing-slash rule: /, /admin…, /api…, /sitemap.xml and files with an extension. */
export function isSlashExempt(path: string): boolean {
  return path === '/' || /^\/(admin|api)(\/|$)/.test(path) || path === '/sitemap.xml' || /\.[a-z0-9]+$/i.test(path);
}

/**
 * One rule per built page: its path without the trailing slash answers 301 to the canonical path (the query
 * string is kept by the host). Pages are given as Astro reports them ('', 'about/', 'blog/post/').
 */
export function trailingSlashRules(pages: string[]): RedirectRule[] {
  const rules: RedirectRule[] = [];
  for (const page of pages) {
    const canonical = `/${page}`.replace(/\/+$/, '/');
    // The error pages are files (404.html, 500.html), not folders: a slash rule for them would loop.
    if (canonical === '/' || isSlashExempt(canonical.slice(0, -1)) || canonical === '/404/' || canonical === '/500/')
      continue;
    rules.push({ from: canonical.slice(0, -1), to: canonical, status: 301 });
  }
  return rules.sort((a, b) => a.from.localeCompare(b.from));
}

/** Renders rules as `_redirects` lines: `from  to  status`. */
export function renderRedirects(rules: RedirectRule[]): string {
  return rules.map((r) => `${r.from}  ${r.to}  ${r.status}`).join('\n') + '\n';
}
