import { createHash } from 'node:crypto';
import { Parser } from 'htmlparser2';

/**
 * The Content-Security-Policy of every built page (#26), finished from the HTML the page really has.
 *
 * Each layout starts its head with the page's base policy (src/components/ContentSecurityPolicy.astro): scripts
 * from the site itself, the analytics hosts when GA4 or GTM are set, workers from the site or a blob (the admin's
 * image compression), no plugins, no foreign <base>. After Astro wrote the page, this adds to its `script-src`:
 *
 * - the SHA-256 hash of every inline script (ours, Astro's island runtime, the SEO settings' header and body
 *   scripts): none runs unless the build saw it;
 * - the exact address of each script the page loads from another host (a header script staff added in the SEO
 *   settings, e.g. a booking widget): that file, not its whole host;
 * - for an inline event handler (`onclick="…"`, only ever from the staff's scripts: a test keeps the site's own
 *   pages free of them), its hash with `'unsafe-hashes'`, which allows exactly those handlers.
 *
 * Astro's own CSP support (security.csp) hashes only the scripts Astro processed, not `is:inline` ones with
 * define:vars nor the staff's HTML, so the hashes are taken here from the finished HTML, with a real HTML parser
 * (htmlparser2), the one place that sees every script as the browser will. A policy in a <meta> applies to what
 * follows it, so the layout puts it first in the head; it cannot carry frame-ancestors, which the hosts' rule
 * files and the site server send as a header (src/lib/host/headers.mjs).
 */

/** Google's tag hosts, for GA4 and GTM (https://developers.google.com/tag-platform/security/guides/csp). */
export const GOOGLE_TAG_HOSTS = 'https://*.googletagmanager.com';

/** Types of <script> that are data, never run, so need no hash. */
const DATA_BLOCKS = new Set(['application/ld+json', 'application/json', 'text/plain']);

const sha256 = (text: string) =>
  // The browser hashes the text after HTML's newline normalisation (CR LF and lone CR become LF).
  `'sha256-${createHash('sha256').update(text.replace(/\r\n?/g, '\n'), 'utf8').digest('base64')}'`;

/**
 * A script address as a CSP source: the exact file (query and fragment are not part of a source), or nothing for
 * one the site's own 'self' covers. `;` and `,` would end the directive or the policy, so they are escaped.
 */
function scriptSource(src: string): string | null {
  const value = src.trim();
  if (!/^(https?:)?\/\//i.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, 'https://placeholder.invalid/');
  } catch {
    return null;
  }
  // A host as a CSP source must be a plain name (no `;`, `,`, `*` or quote, which URL parsing lets through), and
  // the source a file, not a folder (a path ending in `/` would allow everything under it): otherwise the script
  // is not allowed, and the browser blocks it.
  if (!/^[a-z0-9.-]+$/i.test(url.hostname) || url.pathname.endsWith('/')) return null;
  const path = url.pathname.replace(/;/g, '%3B').replace(/,/g, '%2C');
  // A protocol-relative address keeps its scheme open: a host source without one matches the page's scheme.
  return value.startsWith('//') ? `${url.host}${path}` : `${url.protocol}//${url.host}${path}`;
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** Appends sources to a policy's script-src (adding the directive if it has none), each source once. */
export function withScriptSources(policy: string, sources: Iterable<string>): string {
  const directives = policy
    .split(';')
    .map((d) => d.trim())
    .filter(Boolean);
  let index = directives.findIndex((d) => /^script-src\s/i.test(d) || d.toLowerCase() === 'script-src');
  if (index < 0) index = directives.push(`script-src 'self'`) - 1;
  const tokens = directives[index].split(/\s+/);
  for (const s of sources) if (!tokens.includes(s)) tokens.push(s);
  directives[index] = tokens.join(' ');
  return directives.join('; ');
}

export interface PageScripts {
  /** Hashes of the inline scripts. */
  inline: string[];
  /** Sources of the scripts loaded from other hosts. */
  external: string[];
  /** Hashes of the inline event handlers. */
  handlers: string[];
}

/**
 * Reads a page: its first Content-Security-Policy <meta> (where it is, and its policy) and what its scripts need.
 */
export function readPage(html: string) {
  let meta: { start: number; end: number; policy: string } | undefined;
  const inline = new Set<string>();
  const external = new Set<string>();
  const handlers = new Set<string>();
  let script: Record<string, string> | null = null;
  let text = '';
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (!meta && name === 'meta' && attrs['http-equiv']?.toLowerCase() === 'content-security-policy')
          meta = { start: parser.startIndex, end: parser.endIndex + 1, policy: attrs.content ?? '' };
        for (const [attr, value] of Object.entries(attrs))
          if (/^on[a-z]+$/.test(attr) && value.trim()) handlers.add(sha256(value));
        if (name === 'script') {
          script = attrs;
          text = '';
        }
      },
      ontext(t) {
        if (script) text += t;
      },
      onclosetag(name) {
        if (name !== 'script' || !script) return;
        const type = (script.type ?? '').trim().toLowerCase();
        if (script.src !== undefined) {
          const source = scriptSource(script.src);
          if (source) external.add(source);
        } else if (!DATA_BLOCKS.has(type) && text.trim()) inline.add(sha256(text));
        script = null;
      },
    },
    { decodeEntities: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
  const scripts: PageScripts = { inline: [...inline], external: [...external], handlers: [...handlers] };
  return { meta: meta as typeof meta, scripts };
}

/**
 * Where the page's policy <meta> is and what replaces it (the hashes and sources its scripts need added to the
 * script-src of the layout's policy), or null for a page without one. A pure function of the page: the build's
 * finisher (finish-cache.ts) keeps it by the page's digest.
 */
export function policySplice(html: string): { start: number; end: number; tag: string } | null {
  const { meta, scripts } = readPage(html);
  if (!meta) return null;
  const sources = [
    ...scripts.external,
    ...scripts.inline,
    ...(scripts.handlers.length ? [`'unsafe-hashes'`, ...scripts.handlers] : []),
  ];
  const policy = withScriptSources(meta.policy, sources);
  return {
    start: meta.start,
    end: meta.end,
    tag: `<meta http-equiv="content-security-policy" content="${escapeAttribute(policy)}">`,
  };
}

/**
 * The page with its policy finished (policySplice). A page without a policy <meta> is returned as it is (a test
 * checks that every built page has one). Finishing a finished page again changes nothing.
 */
export function addScriptHashes(html: string): string {
  const splice = policySplice(html);
  return splice ? html.slice(0, splice.start) + splice.tag + html.slice(splice.end) : html;
}
