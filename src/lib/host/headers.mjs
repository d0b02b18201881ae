// @ts-check
/**
 * The headers every answer of the site gets, by path, in one place (#27): cache rules and security headers. The
 * build writes them as `dist/_headers`, the file Netlify and Cloudflare Pages read (src/integrations/host-files.ts);
 * the site server reads that file back with Netlify's parser (@netlify/headers-parser) and answers with
 * `headersFor`, so what `npm start` sends is what the hosts send.
 *
 * HTML gets no Cache-Control rule: the hosts' default (`public, max-age=0, must-revalidate`, DEFAULT_CACHE_CONTROL)
 * revalidates it on every visit, so a publish is seen at once. Hosts join the values of rules that match one path
 * with ", ": so no header is set by two rules, except the Content-Security-Policy, where the admin's
 * `frame-ancestors 'none'` joins the site's `'self'` as a second policy and both hold. The policy that limits
 * scripts is in each page's <meta> (D25, src/components/ContentSecurityPolicy.astro).
 */

/** @typedef {{ for: string, values: Record<string, string> }} HeaderRule */

const YEAR_IMMUTABLE = 'public, max-age=31536000, immutable';
const HOUR = 'public, max-age=3600';

/** What Netlify and Cloudflare Pages send when no rule sets Cache-Control. */
export const DEFAULT_CACHE_CONTROL = 'public, max-age=0, must-revalidate';

/** @type {readonly HeaderRule[]} */
export const HEADER_RULES = [
  // Hashed file names: a changed file gets a new address (Astro's assets, the copies of uploads, D21).
  { for: '/_astro/*', values: { 'Cache-Control': YEAR_IMMUTABLE } },
  { for: '/_uploads/*', values: { 'Cache-Control': YEAR_IMMUTABLE } },
  { for: '/images/*', values: { 'Cache-Control': HOUR } },
  { for: '/favicon.png', values: { 'Cache-Control': HOUR } },
  { for: '/favicon.svg', values: { 'Cache-Control': HOUR } },
  { for: '/apple-touch-icon.png', values: { 'Cache-Control': HOUR } },
  // The admin is framed by nobody (clickjacking); the public pages only by the site itself.
  { for: '/admin/*', values: { 'X-Frame-Options': 'DENY', 'Content-Security-Policy': "frame-ancestors 'none'" } },
  {
    for: '/mandala-admin-portal/*',
    values: { 'X-Frame-Options': 'DENY', 'Content-Security-Policy': "frame-ancestors 'none'" },
  },
  {
    for: '/*',
    values: {
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
      'Content-Security-Policy': "frame-ancestors 'self'",
    },
  },
];

/**
 * The rules as a `_headers` file.
 * @param {readonly HeaderRule[]} rules
 */
export function renderHeaders(rules) {
  const lines = [
    '# Generated at build time from src/lib/host/headers.mjs: cache rules and security headers, for Netlify,',
    '# Cloudflare Pages and the local site server alike. HTML revalidates on every visit (the hosts\u2019 default).',
  ];
  for (const rule of rules) {
    lines.push(rule.for);
    for (const [name, value] of Object.entries(rule.values)) lines.push(`  ${name}: ${value}`);
  }
  return lines.join('\n') + '\n';
}

/**
 * Whether a rule's path (`*` matching the rest, `:name` one segment) covers a request path.
 * @param {string} pattern
 * @param {string} path decoded
 */
function covers(pattern, path) {
  const re = pattern
    .split('/')
    .map((segment, i, all) =>
      segment === '*' && i === all.length - 1
        ? '.*'
        : /^:[A-Za-z_]\w*$/.test(segment)
          ? '[^/]+'
          : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return new RegExp(`^${re}$`).test(path);
}

/**
 * The headers of an answer to `path` (decoded): every matching rule's values, those of one name joined with ", "
 * in the file's order, and the hosts' default Cache-Control when no rule sets one.
 * @param {readonly HeaderRule[]} rules
 * @param {string} path
 * @returns {Record<string, string>}
 */
export function headersFor(rules, path) {
  /** @type {Map<string, { name: string, values: string[] }>} */
  const out = new Map();
  for (const rule of rules) {
    if (!covers(rule.for, path)) continue;
    for (const [name, value] of Object.entries(rule.values)) {
      const key = name.toLowerCase();
      const entry = out.get(key) ?? { name, values: [] };
      if (!entry.values.includes(value)) entry.values.push(value);
      out.set(key, entry);
    }
  }
  if (!out.has('cache-control')) out.set('cache-control', { name: 'Cache-Control', values: [DEFAULT_CACHE_CONTROL] });
  return Object.fromEntries([...out.values()].map((e) => [e.name, e.values.join(', ')]));
}
