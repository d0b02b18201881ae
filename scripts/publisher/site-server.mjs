// @ts-check
/**
 * The site server on SITE_PORT: serves the live build folder with the host behaviour guests get in production.
 * - `_redirects` read with Netlify's own parser and answered as real 301/302 (D6): a path matches with or
 *   without its trailing slash, query conditions must all match, the query string passes through, and a rule
 *   without `!` gives way to a file that exists (Netlify's shadowing);
 * - the trailing-slash rule of D5 for every page folder, keeping the query;
 * - hashed assets cached as immutable, HTML revalidated (ETag), the rest cached an hour; compressed responses;
 * - anything unknown answered with the build's 404 page and status 404; methods other than GET and HEAD with 405,
 *   a malformed Host or URL with 400;
 * - the security headers of public/_headers on every answer.
 * The folder is read through `root()`, so a publisher can switch builds atomically under a running server.
 */
import http from 'node:http';
import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sirv from 'sirv';
import compression from 'compression';
import { parseAllRedirects } from '@netlify/redirect-parser';

/** The host's rule files, never served (with or without a trailing slash). */
const HOST_FILES = /^\/_(redirects|headers)\/?$/;
const ADMIN_PATH = /^\/(admin|mandala-admin-portal)(\/|$)/;

/**
 * How long a client may take and hold (#26: idle connections were kept about 71 s, with no cap): a request's headers
 * within 10 s and the whole request within 30 s, an idle keep-alive connection 5 s, at most 1,000 connections.
 */
export const SERVER_LIMITS = {
  headersTimeout: 10_000,
  requestTimeout: 30_000,
  keepAliveTimeout: 5_000,
  maxConnections: 1000,
};

/** A path with one leading slash: `//evil.example/` would be another host in a Location header. */
const oneLeadingSlash = (/** @type {string} */ p) => `/${p.replace(/^[/\\]+/, '')}`;

/** The pathname as a host compares it: percent-decoded (`/%61dmin/` is `/admin/`, `/%5fheaders` is `/_headers`). */
function decodedPath(/** @type {string} */ pathname) {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}
// /admin and /mandala-admin-portal themselves do get their slash (D5); what lies under them is the admin's own.
const SLASH_EXEMPT = /^\/(admin|mandala-admin-portal)\/|^\/api(\/|$)|^\/sitemap\.xml$|\.[a-z0-9]+$/i;

/** Sent with every answer, as public/_headers has hosts send them. */
export const SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
};

/**
 * @typedef {{ from: string, to: string, status: number, force: boolean, query: Record<string, string> }} Rule
 */

/**
 * @param {string} dir
 * @returns {Promise<Rule[]>}
 */
async function loadRules(dir) {
  const file = path.join(dir, '_redirects');
  if (!existsSync(file)) return [];
  const { redirects, errors } = await parseAllRedirects({
    redirectsFiles: [file],
    configRedirects: [],
    minimal: false,
  });
  for (const e of errors) console.warn(`[site] _redirects: ${e.message ?? e}`);
  return /** @type {Rule[]} */ (redirects).filter((r) => r.status === 301 || r.status === 302);
}

const withoutSlash = (/** @type {string} */ p) => (p.length > 1 ? p.replace(/\/+$/, '') : p);

/**
 * The first rule that applies to a request, if any.
 * @param {Rule[]} rules
 * @param {URL} url
 * @param {(pathname: string) => boolean} fileExists
 */
export function matchRedirect(rules, url, fileExists) {
  const p = withoutSlash(decodeURIComponent(url.pathname));
  for (const r of rules) {
    if (withoutSlash(r.from) !== p) continue;
    if (!Object.entries(r.query ?? {}).every(([k, v]) => url.searchParams.get(k) === v)) continue;
    if (!r.force && fileExists(url.pathname)) continue;
    const target = new URL(r.to, url);
    // Query strings pass through, unless the rule matched on them.
    if (!Object.keys(r.query ?? {}).length) url.searchParams.forEach((v, k) => target.searchParams.set(k, v));
    const local = target.origin === url.origin;
    // A rule that would answer a URL with itself is a loop: serve the request instead.
    if (local && target.pathname === url.pathname && target.search === url.search) continue;
    // A local target stays local: `/.//evil.example/` resolves to the path `//evil.example/`, which a browser would
    // read as another host (#26).
    return { status: r.status, location: local ? oneLeadingSlash(target.pathname) + target.search : target.href };
  }
  return undefined;
}

/**
 * @param {{ root: () => string | null, redirects?: boolean }} opts `root()` is null until the first build is live. `redirects: false` serves like a host without
 *   redirect rules (no `_redirects`, no trailing-slash 301s), as the tests of the 404 page's fallback need.
 */
export function createSiteServer({ root, redirects = true }) {
  /** @type {Map<string, { rules: Promise<Rule[]>, serve: ReturnType<typeof sirv> }>} */
  const byRoot = new Map();
  const site = (/** @type {string} */ dir) => {
    let entry = byRoot.get(dir);
    if (!entry) {
      entry = {
        rules: redirects ? loadRules(dir) : Promise.resolve([]),
        serve: sirv(dir, {
          etag: true,
          extensions: ['html'],
          dotfiles: false,
          setHeaders(res, pathname) {
            if (pathname.startsWith('/_astro/') || pathname.startsWith('/_uploads/'))
              res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
            else if (pathname.endsWith('.html') || pathname.endsWith('/')) res.setHeader('Cache-Control', 'no-cache');
            else res.setHeader('Cache-Control', 'public, max-age=3600');
          },
        }),
      };
      byRoot.clear(); // only the live build is kept
      byRoot.set(dir, entry);
    }
    return entry;
  };
  const compress = compression();

  const server = http.createServer({ ...SERVER_LIMITS, connectionsCheckingInterval: 1000 }, (req, res) => {
    compress(/** @type {any} */ (req), /** @type {any} */ (res), async () => {
      try {
        // Framed only by the site itself, the admin by nobody (clickjacking); public/_headers says the same to hosts.
        // Judged on the decoded path, as the file is found (`/%61dmin/` serves the admin too).
        const admin = ADMIN_PATH.test(decodedPath((req.url ?? '/').split('?')[0]));
        res.setHeader('X-Frame-Options', admin ? 'DENY' : 'SAMEORIGIN');
        res.setHeader('Content-Security-Policy', admin ? "frame-ancestors 'none'" : "frame-ancestors 'self'");
        for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
        if (req.method !== 'GET' && req.method !== 'HEAD') {
          res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
          res.end('Method not allowed: this site only answers GET and HEAD.');
          return;
        }
        /** @type {URL} */
        let url;
        try {
          // The request target is a path: `//about` must stay the path //about, not become the host `about`.
          if (!(req.url ?? '/').startsWith('/')) throw new Error('not a path');
          url = new URL(`http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`);
          decodeURIComponent(url.pathname);
        } catch {
          res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Bad request: malformed URL or Host');
          return;
        }
        const dir = root();
        if (!dir) {
          res.writeHead(503, {
            'Content-Type': 'text/html; charset=utf-8',
            'Retry-After': '5',
            'Cache-Control': 'no-store',
          });
          res.end('<!doctype html><title>Building</title><p>The site is being built. Try again in a few seconds.</p>');
          return;
        }
        const { rules, serve } = site(dir);
        const notFound = async () => {
          const page = await readFile(path.join(dir, '404.html')).catch(() => Buffer.from('Not found'));
          res.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' });
          res.end(page);
        };
        // The host's rule files are configuration, not content (Netlify and Cloudflare do not serve them).
        if (HOST_FILES.test(decodedPath(url.pathname))) return notFound();
        const isFile = (/** @type {string} */ p) => {
          const f = path.join(dir, decodeURIComponent(p));
          if (!f.startsWith(dir)) return false;
          return existsSync(f) && (statSync(f).isFile() || existsSync(path.join(f, 'index.html')));
        };
        const hit = matchRedirect(await rules, url, isFile);
        if (hit) {
          res.writeHead(hit.status, { Location: hit.location, 'Cache-Control': 'no-cache' }).end();
          return;
        }
        const p = url.pathname;
        if (
          redirects &&
          p !== '/' &&
          !p.endsWith('/') &&
          !SLASH_EXEMPT.test(p) &&
          existsSync(path.join(dir, p, 'index.html'))
        ) {
          res.writeHead(301, { Location: `${oneLeadingSlash(p)}/${url.search}`, 'Cache-Control': 'no-cache' }).end();
          return;
        }
        serve(req, res, notFound);
      } catch (err) {
        console.error('[site] request failed:', err);
        if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' });
        res.end('Internal error');
      }
    });
  });
  server.keepAliveTimeout = SERVER_LIMITS.keepAliveTimeout;
  server.maxConnections = SERVER_LIMITS.maxConnections;
  return server;
}
