// @ts-check
/**
 * The site server on SITE_PORT: serves the live build folder as Netlify and Cloudflare Pages serve it, keeping no
 * rules of its own (#27). The build's `_redirects` and `_headers` (written from src/lib/host/) are read back with
 * Netlify's own parsers and answered with the host-rules module:
 * - redirects as real 301/302 (D6) by `matchRedirect`: with or without the trailing slash, splats and
 *   placeholders, query conditions, the query string passed on, a rule without `!` giving way to a file; the
 *   trailing-slash rule of D5 is one of those rules;
 * - every answer's headers by `headersFor`: cache rules, security headers, HTML revalidated (the hosts' default);
 *   ETag and compression as hosts do;
 * - anything unknown answered with the build's 404 page and status 404; methods other than GET and HEAD with 405,
 *   a malformed Host or URL with 400.
 * The folder is read through `root()`, so a publisher can switch builds atomically under a running server.
 */
import http from 'node:http';
import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sirv from 'sirv';
import compression from 'compression';
import { parseAllHeaders } from '@netlify/headers-parser';
import { matchRedirect } from '../../src/lib/host/redirects.mjs';
import { headersFor } from '../../src/lib/host/headers.mjs';
import { loadRedirects } from './redirect-file.mjs';

/** The host's rule files, never served (with or without a trailing slash). */
const HOST_FILES = /^\/_(redirects|headers)\/?$/;

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

/** The pathname as a host compares it: percent-decoded (`/%61dmin/` is `/admin/`, `/%5fheaders` is `/_headers`). */
function decodedPath(/** @type {string} */ pathname) {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

/** @typedef {import('../../src/lib/host/redirects.mjs').HostRedirect} HostRedirect */
/** @typedef {import('../../src/lib/host/headers.mjs').HeaderRule} HeaderRule */

/**
 * A build's `_headers`, as Netlify reads it.
 * @param {string} dir
 * @returns {Promise<HeaderRule[]>}
 */
async function loadHeaders(dir) {
  const file = path.join(dir, '_headers');
  if (!existsSync(file)) return [];
  const { headers, errors } = await parseAllHeaders({ headersFiles: [file], configHeaders: [], minimal: false });
  for (const e of errors) console.warn(`[site] _headers: ${e.message ?? e}`);
  return /** @type {HeaderRule[]} */ (headers);
}

/**
 * @param {{ root: () => string | null, redirects?: boolean }} opts `root()` is null until the first build is live.
 *   `redirects: false` serves like a host without redirect rules (the build's `_redirects`, trailing-slash rules
 *   included, is not read), as the tests of the 404 page's fallback need.
 */
export function createSiteServer({ root, redirects = true }) {
  /** @type {Map<string, { rules: Promise<HostRedirect[]>, headers: Promise<HeaderRule[]>, serve: ReturnType<typeof sirv> }>} */
  const byRoot = new Map();
  const site = (/** @type {string} */ dir) => {
    let entry = byRoot.get(dir);
    if (!entry) {
      entry = {
        rules: redirects ? loadRedirects(dir) : Promise.resolve([]),
        headers: loadHeaders(dir),
        serve: sirv(dir, { etag: true, extensions: ['html'], dotfiles: false }),
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
        const { rules, headers, serve } = site(dir);
        // The build's headers for this path, on every answer. Judged on the decoded path, as the file is found
        // (`/%61dmin/` serves the admin, so it gets the admin's frame-ancestors 'none').
        for (const [name, value] of Object.entries(headersFor(await headers, decodedPath(url.pathname))))
          res.setHeader(name, value);
        const notFound = async () => {
          const page = await readFile(path.join(dir, '404.html')).catch(() => Buffer.from('Not found'));
          res.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8' });
          res.end(page);
        };
        // The host's rule files are configuration, not content (Netlify and Cloudflare do not serve them).
        if (HOST_FILES.test(decodedPath(url.pathname))) return notFound();
        // What shadows a rule without `!`: a file at the path, or a folder's index.html when the path ends in `/`
        // (a folder itself is no file: `/about` takes the trailing-slash rule to `/about/`).
        const isFile = (/** @type {string} */ p) => {
          const f = path.join(dir, decodedPath(p));
          if (!f.startsWith(dir)) return false;
          if (p.endsWith('/')) return existsSync(path.join(f, 'index.html'));
          return (existsSync(f) && statSync(f).isFile()) || existsSync(`${f}.html`);
        };
        const hit = matchRedirect(await rules, url, isFile);
        if (hit) {
          res.writeHead(hit.status, { Location: hit.location }).end();
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
