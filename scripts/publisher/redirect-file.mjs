// @ts-check
/**
 * A build's `_redirects`, read back as the hosts read it: with Netlify's own parser (@netlify/redirect-parser), the
 * 301 and 302 rules only (proxies and rewrites, 200, are not the site's). One reader for the site server
 * (site-server.mjs), which answers with the rules, and the SEO report (seo-report.mjs), which follows them; both
 * then match with the host-rules module's `matchRedirect` (src/lib/host/redirects.mjs).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseAllRedirects } from '@netlify/redirect-parser';

/** @typedef {import('../../src/lib/host/redirects.mjs').HostRedirect} HostRedirect */

/**
 * @param {string | import('./release-view.mjs').ReleaseView} release a build folder, or a release (#28)
 * @param {(message: string) => void} [warn] told each line the parser refused
 * @returns {Promise<HostRedirect[]>}
 */
export async function loadRedirects(release, warn = (m) => console.warn(`[site] _redirects: ${m}`)) {
  const file = typeof release === 'string' ? path.join(release, '_redirects') : release.locate('_redirects');
  if (!file || !existsSync(file)) return [];
  const { redirects, errors } = await parseAllRedirects({
    redirectsFiles: [file],
    configRedirects: [],
    minimal: false,
  });
  for (const e of errors) warn(String(e.message ?? e));
  return /** @type {HostRedirect[]} */ (redirects).filter((r) => r.status === 301 || r.status === 302);
}
