// @ts-check
/**
 * A build's `_redirects`, read back as the hosts read it: with Netlify's own parser (@netlify/redirect-parser), the
 * 301 and 302 rules only (proxies and rewrites, 200, are not the site's). One reader for the site server
 * (site-server.mjs), which answers with the rules, and the SEO report (seo-report.mjs), which follows them; both
 * then match with the host-rules module's `matchRedirect` (src/lib/host/redirects.mjs).
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseAllRedirects } from '@netlify/redirect-parser';

/** @typedef {import('../../src/lib/host/redirects.mjs').HostRedirect} HostRedirect */

/**
 * The files parsed last, by the digest of their text: most publishes leave `_redirects` as it was (the same pages,
 * the same staff rules), and at 10,000 posts its 11,000 rules took Netlify's parser 0.1 s, on the way to a guest's
 * first answer from the new release and again in its SEO report (#28). The rules are shared, never changed.
 * @type {Map<string, { rules: readonly HostRedirect[], errors: string[] }>}
 */
const parsed = new Map();
const PARSED_KEPT = 4;

/**
 * @param {string | import('./release-view.mjs').ReleaseView} release a build folder, or a release (#28)
 * @param {(message: string) => void} [warn] told each line the parser refused
 * @returns {Promise<HostRedirect[]>}
 */
export async function loadRedirects(release, warn = (m) => console.warn(`[site] _redirects: ${m}`)) {
  const file = typeof release === 'string' ? path.join(release, '_redirects') : release.locate('_redirects');
  if (!file || !existsSync(file)) return [];
  const digest = createHash('sha256')
    .update(await readFile(file))
    .digest('base64url');
  let entry = parsed.get(digest);
  if (!entry) {
    const { redirects, errors } = await parseAllRedirects({
      redirectsFiles: [file],
      configRedirects: [],
      minimal: false,
    });
    entry = {
      rules: Object.freeze(
        /** @type {HostRedirect[]} */ (redirects).filter((r) => r.status === 301 || r.status === 302),
      ),
      errors: errors.map((e) => String(e.message ?? e)),
    };
    parsed.set(digest, entry);
    for (const old of [...parsed.keys()].slice(0, -PARSED_KEPT)) parsed.delete(old);
  } else {
    // Most recently used last.
    parsed.delete(digest);
    parsed.set(digest, entry);
  }
  for (const e of entry.errors) warn(e);
  return /** @type {HostRedirect[]} */ (entry.rules);
}
