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
 * The release is read through `root()`, so a publisher can switch releases atomically under a running server. A
 * release (#28, release-view.mjs) is a manifest naming, for each file of the site, the build folder that holds it:
 * the server finds the file as sirv would in one folder, then lets that folder's sirv answer (each folder's listing
 * is made once, when first needed, and dropped when no live release names the folder). The live manifest is in
 * memory: the publisher hands the server the new one at the switch, and a restarted publisher reads it back from
 * DATA_DIR/live.
 */
import http from 'node:http';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sirv from 'sirv';
import compression from 'compression';
import { parseAllHeaders } from '@netlify/headers-parser';
import { matchRedirect } from '../../src/lib/host/redirects.mjs';
import { headersFor } from '../../src/lib/host/headers.mjs';
import { loadRedirects } from './redirect-file.mjs';
import { fileFor, folderView } from './release-view.mjs';

/** The host's rule files, never served (with or without a trailing slash, however the path spells them). */
const HOST_FILES = new Set(['_redirects', '_headers']);
/** Whether a decoded path names a host file: `/_redirects`, `/_headers/`, `//_redirects` (as the file lookup reads it). */
const isHostFile = (/** @type {string} */ p) => HOST_FILES.has(p.replace(/^\/+/, '').replace(/\/$/, ''));

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
 * A release's `_headers`, as Netlify reads it.
 * @param {import('./release-view.mjs').ReleaseView} view
 * @returns {Promise<HeaderRule[]>}
 */
async function loadHeaders(view) {
  const file = view.locate('_headers');
  if (!file || !existsSync(file)) return [];
  const { headers, errors } = await parseAllHeaders({ headersFiles: [file], configHeaders: [], minimal: false });
  for (const e of errors) console.warn(`[site] _headers: ${e.message ?? e}`);
  return /** @type {HeaderRule[]} */ (headers);
}

/**
 * @param {{ root: () => string | import('./release-view.mjs').ReleaseView | null, redirects?: boolean }} opts
 *   `root()` is the live release, or a build folder, and null until the first build is live. `redirects: false`
 *   serves like a host without redirect rules (the build's `_redirects`, trailing-slash rules included, is not
 *   read), as the tests of the 404 page's fallback need.
 */
export function createSiteServer({ root, redirects = true }) {
  /** @type {{ id: string, rules: Promise<HostRedirect[]>, headers: Promise<HeaderRule[]> } | null} */
  let rulesOf = null;
  /** sirv for each build folder a live release names. @type {Map<string, ReturnType<typeof sirv>>} */
  const folders = new Map();
  /** @type {Map<string, import('./release-view.mjs').ReleaseView>} */
  const plainFolders = new Map();
  const site = (/** @type {string | import('./release-view.mjs').ReleaseView} */ r) => {
    let view = typeof r === 'string' ? plainFolders.get(r) : r;
    if (!view) {
      plainFolders.clear();
      plainFolders.set(/** @type {string} */ (r), (view = folderView(/** @type {string} */ (r))));
    }
    if (rulesOf?.id !== view.id) {
      const current = {
        id: view.id,
        rules: redirects ? loadRedirects(view) : Promise.resolve([]),
        headers: loadHeaders(view),
      };
      // A rule file that could not be read is read again by the next request, not kept as a failure until the next
      // build (every request would answer 500); and a failure no request awaits never goes unhandled.
      for (const p of [current.rules, current.headers])
        p.catch(() => {
          if (rulesOf === current) rulesOf = null;
        });
      rulesOf = current;
      // Folders no longer named by the live release are forgotten (they may be deleted).
      const named = new Set(view.folders());
      for (const folder of folders.keys()) if (!named.has(folder)) folders.delete(folder);
    }
    return { view, rules: rulesOf.rules, headers: rulesOf.headers };
  };
  /** The folder's sirv; its listing is made once (a folder never changes once its build finished). */
  const serveFrom = (/** @type {string} */ folder) => {
    let serve = folders.get(folder);
    if (!serve) folders.set(folder, (serve = sirv(folder, { etag: true, extensions: ['html'], dotfiles: false })));
    return serve;
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
        const live = root();
        if (!live) {
          res.writeHead(503, {
            'Content-Type': 'text/html; charset=utf-8',
            'Retry-After': '5',
            'Cache-Control': 'no-store',
          });
          res.end('<!doctype html><title>Building</title><p>The site is being built. Try again in a few seconds.</p>');
          return;
        }
        const { view, rules, headers } = site(live);
        // The build's headers for this path, on every answer. Judged on the decoded path, as the file is found
        // (`/%61dmin/` serves the admin, so it gets the admin's frame-ancestors 'none').
        for (const [name, value] of Object.entries(headersFor(await headers, decodedPath(url.pathname))))
          res.setHeader(name, value);
        const notFound = async () => {
          const file = view.locate('404.html');
          const page = await (file ? readFile(file) : Promise.reject()).catch(() => Buffer.from('Not found'));
          res.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8' });
          res.end(page);
        };
        // The host's rule files are configuration, not content (Netlify and Cloudflare do not serve them).
        if (isHostFile(decodedPath(url.pathname))) return notFound();
        // What shadows a rule without `!`: a file at the path, or a folder's index.html when the path ends in `/`
        // (a folder itself is no file: `/about` takes the trailing-slash rule to `/about/`).
        const isFile = (/** @type {string} */ p) => {
          const f = path.posix.normalize(decodedPath(p)).replace(/^\/+/, '');
          if (f.startsWith('../')) return false;
          if (p.endsWith('/')) return Boolean(view.locate(`${f}index.html`));
          return Boolean(view.locate(f) || view.locate(`${f}.html`));
        };
        const hit = matchRedirect(await rules, url, isFile);
        if (hit) {
          res.writeHead(hit.status, { Location: hit.location }).end();
          return;
        }
        // The file as sirv finds it in a folder, served by the sirv of the folder that holds it.
        const file = fileFor(view, decodedPath(url.pathname));
        const folder = file && view.folderOf(file);
        // `//_redirects` and `/%2F_headers` find the same files as `/_redirects`: judged on the file found, too.
        if (!file || !folder || HOST_FILES.has(file)) return notFound();
        req.url = `/${file.split('/').map(encodeURIComponent).join('/')}${url.search}`;
        // sirv pipes the file into the response with no error handler: a read that fails (a file gone since its
        // listing, too many open files) would throw in this process, which is the whole live site. The stream it
        // pipes is handed to the response's 'pipe' event; its failure now ends this one response instead.
        res.once('pipe', (source) =>
          source.once('error', (/** @type {Error} */ err) => {
            console.error(`[site] could not read ${file}: ${err.message}`);
            res.destroy(err);
          }),
        );
        serveFrom(folder)(req, res, notFound);
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
