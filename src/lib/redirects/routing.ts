/** The routing rules of decision D5 as lines of a `_redirects` file (the format Netlify and Cloudflare Pages read). */

export interface RedirectRule {
  from: string;
  to: string;
  status: 301 | 302;
  /** Applies even where a file exists at `from` (Netlify's `!`): /index.html is a file, yet must go to /. */
  force?: boolean;
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

/**
 * Renders rules as `_redirects` lines: `from  to  status`, forced rules with `!` where the dialect has it
 * (Cloudflare Pages refuses `!` and applies its rules before files anyway). A later rule for a source already
 * given is left out: the first one wins on every host, so a repeat is only noise.
 */
export function renderRedirects(rules: RedirectRule[], format: 'netlify' | 'cloudflare' = 'netlify'): string {
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const r of rules) {
    if (seen.has(r.from)) continue;
    seen.add(r.from);
    lines.push(`${r.from}  ${r.to}  ${r.status}${r.force && format === 'netlify' ? '!' : ''}`);
  }
  return lines.join('\n') + '\n';
}
