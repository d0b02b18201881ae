import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_LIMITS, createSiteServer } from '../site-server.mjs';
import { folderView, manifestView, type ReleaseView } from '../release-view.mjs';
import { HEADER_RULES, renderHeaders } from '../../../src/lib/host/headers.mjs';

let dir = '';
let base = '';
let close: () => void;

const get = (p: string, headers: Record<string, string> = {}) => fetch(base + p, { redirect: 'manual', headers });

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'site-'));
  const page = (title: string) => `<!doctype html><title>${title}</title><p>${'Boudha '.repeat(300)}</p>`;
  for (const [file, body] of Object.entries({
    'index.html': page('Home'),
    'about/index.html': page('About'),
    'old/index.html': page('Old'),
    'admin/index.html': page('Admin'),
    '404.html': page('Page Not Found'),
    '_astro/app.abc123.js': 'console.log(1)',
    'robots.txt': 'User-agent: *',
    'sitemap.xml': '<urlset/>',
    _headers: renderHeaders(HEADER_RULES),
    _redirects: [
      '/rooms  /accommodation/  301!',
      '/book  /booking/  302!',
      '/page  id=3  /three/  301!',
      '/old  /new/  301',
      '/forced-old  /new/  301!',
      '/maps  https://maps.example/x  302!',
      '/about  /about/  301',
      '/500  /500/  301',
      '/trick  /.//evil.example/  301!',
    ].join('\n'),
  })) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), body);
  }
  const server = createSiteServer({ root: () => dir });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});

afterAll(async () => {
  close?.();
  await rm(dir, { recursive: true, force: true });
});

describe('site server', () => {
  it.each([
    ['/rooms', 301, '/accommodation/'],
    ['/rooms/', 301, '/accommodation/'],
    ['/rooms/?utm=x', 301, '/accommodation/?utm=x'],
    ['/book', 302, '/booking/'],
    ['/page?id=3', 301, '/three/'],
    ['/maps', 302, 'https://maps.example/x'],
    ['/forced-old/', 301, '/new/'],
  ])('answers the _redirects rule for %s with %i → %s', async (p, status, location) => {
    const res = await get(p);
    expect(res.status).toBe(status);
    expect(res.headers.get('location')).toBe(location);
  });

  it('lets an existing page win over a rule without !, and ignores rules whose query does not match', async () => {
    expect((await get('/old/')).status).toBe(200);
    expect((await get('/page?id=4')).status).toBe(404);
  });

  it('adds the trailing slash with a 301, keeping the query; exempt paths are served as they are', async () => {
    const res = await get('/about?x=1');
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/about/?x=1');
    expect((await get('/sitemap.xml')).status).toBe(200);
    expect((await get('/robots.txt')).status).toBe(200);
  });

  it("caches hashed assets as immutable and revalidates HTML (the build's _headers)", async () => {
    expect((await get('/_astro/app.abc123.js')).headers.get('cache-control')).toBe(
      'public, max-age=31536000, immutable',
    );
    const html = await get('/about/');
    expect(html.status).toBe(200);
    expect(html.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(html.headers.get('etag')).toBeTruthy();
  });

  it('compresses responses for clients that accept it', async () => {
    const res = await get('/', { 'Accept-Encoding': 'gzip' });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(await res.text()).toContain('<title>Home</title>');
  });

  it('answers unknown paths with the 404 page and status 404', async () => {
    const res = await get('/no-such-page/');
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Page Not Found');
  });

  it('never answers a URL with a redirect to itself', async () => {
    const res = await get('/500/');
    expect(res.status).toBe(404);
    expect((await get('/500')).headers.get('location')).toBe('/500/');
  });

  it('answers a malformed URL with 400, and forbids framing the admin', async () => {
    expect((await get('/%E0%A4%A')).status).toBe(400);
    const admin = await get('/admin/');
    expect(admin.headers.get('x-frame-options')).toBe('DENY');
    // The admin's policy and the site's, joined as hosts join them: both hold, so nobody frames the admin.
    expect(admin.headers.get('content-security-policy')).toBe("frame-ancestors 'none', frame-ancestors 'self'");
    const page = await get('/about/');
    expect(page.headers.get('x-frame-options')).toBeNull();
    expect(page.headers.get('content-security-policy')).toBe("frame-ancestors 'self'");
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(page.headers.get('permissions-policy')).toContain('camera=()');
  });

  it("does not serve the host's rule files, with or without a trailing slash or percent-encoded", async () => {
    for (const f of [
      '/_redirects',
      '/_headers',
      '/_redirects/',
      '/_headers/',
      '/%5fredirects',
      '/%5Fheaders',
      // The same files through an empty segment or an encoded slash (found by a review: these answered 200).
      '//_redirects',
      '//_headers/',
      '/%2F_headers',
      '/%2f_redirects',
    ])
      expect((await get(f)).status, f).toBe(404);
  });

  it('forbids framing the admin however its path is spelt (#26: /%61dmin/)', async () => {
    const admin = await get('/%61dmin/');
    expect(admin.status).toBe(200);
    expect(admin.headers.get('content-security-policy')).toBe("frame-ancestors 'none', frame-ancestors 'self'");
    expect(admin.headers.get('x-frame-options')).toBe('DENY');
  });

  it('never sends a visitor to another host through an empty segment (#26)', async () => {
    // /.//about is the path //about: its slash redirect must not be the protocol-relative //about/.
    const slash = await get('/.//about');
    expect(slash.status).toBe(301);
    expect(slash.headers.get('location')).toBe('/about/');
    // A staff rule whose target resolves to //evil.example/ stays on this site.
    const trick = await get('/trick');
    expect(trick.headers.get('location')).toBe('/evil.example/');
  });

  it('bounds how long a client may take and hold a connection, and how many it may hold', () => {
    const server = createSiteServer({ root: () => dir });
    expect({
      headersTimeout: server.headersTimeout,
      requestTimeout: server.requestTimeout,
      keepAliveTimeout: server.keepAliveTimeout,
      maxConnections: server.maxConnections,
    }).toEqual(SERVER_LIMITS);
    expect(SERVER_LIMITS.keepAliveTimeout).toBeLessThan(10_000);
  });

  /** A raw request, for what fetch refuses to send (TRACE, a broken Host). */
  const raw = (method: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; allow?: string }>((resolve, reject) => {
      const req = http.request(`${base}/about/`, { method, headers }, (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0, allow: res.headers.allow });
      });
      req.on('error', reject);
      req.end();
    });

  it.each(['POST', 'PUT', 'DELETE', 'PATCH', 'TRACE', 'OPTIONS'])('answers %s with 405 and Allow', async (method) => {
    expect(await raw(method)).toEqual({ status: 405, allow: 'GET, HEAD' });
  });

  it.each(['[bad', 'a b'])('answers a malformed Host %j with 400, not 500', async (host) => {
    expect((await raw('GET', { Host: host })).status).toBe(400);
  });
});

describe('site server when a rule file cannot be read', () => {
  it('answers 500 for that request, and reads the file again for the next (found by a review)', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'site-flaky-'));
    await mkdir(path.join(folder, 'new'), { recursive: true });
    await writeFile(path.join(folder, 'index.html'), '<h1>Home</h1>');
    await writeFile(path.join(folder, '404.html'), '<h1>Not found</h1>');
    await writeFile(path.join(folder, 'new', 'index.html'), '<h1>New</h1>');
    await writeFile(path.join(folder, '_redirects'), '/old/ /new/ 301\n');
    const plain = folderView(folder);
    let broken = true;
    // While `broken`, the release names a folder as its _redirects: reading it fails (EISDIR), as a disk error would.
    const view: ReleaseView = { ...plain, locate: (f) => (f === '_redirects' && broken ? folder : plain.locate(f)) };
    const server = createSiteServer({ root: () => view });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const at = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const old = () => fetch(`${at}/old/`, { redirect: 'manual' });
    try {
      expect((await old()).status).toBe(500);
      broken = false;
      const res = await old();
      expect(res.status).toBe(301);
      expect(res.headers.get('location')).toBe('/new/');
    } finally {
      server.close();
      await rm(folder, { recursive: true, force: true });
    }
  });
});

describe('site server when a file cannot be read', () => {
  it('ends that one response and keeps serving (a file gone after its folder was listed)', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'site-gone-'));
    const name = path.basename(folder);
    await mkdir(path.join(folder, 'gone'), { recursive: true });
    await writeFile(path.join(folder, 'index.html'), '<h1>Home</h1>');
    await writeFile(path.join(folder, '404.html'), '<h1>Not found</h1>');
    await writeFile(path.join(folder, 'gone', 'index.html'), '<h1>Soon gone</h1>');
    // A layered release: its manifest names the file without looking at the disk, as the live one does.
    const files = { 'index.html': name, '404.html': name, 'gone/index.html': name };
    const view = manifestView(path.dirname(folder), { name, files });
    const server = createSiteServer({ root: () => view });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const at = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      // The first request lists the folder's files once (sirv); then one of them goes.
      expect((await fetch(`${at}/`)).status).toBe(200);
      await rm(path.join(folder, 'gone', 'index.html'));
      const outcome = await fetch(`${at}/gone/`)
        .then((res) => res.text())
        .then(
          () => 'read',
          () => 'cut off',
        );
      expect(outcome).toBe('cut off');
      // Before, the read's error was thrown in the server's process (the whole live site); now it still answers.
      expect((await fetch(`${at}/`)).status).toBe(200);
    } finally {
      server.close();
      await rm(folder, { recursive: true, force: true });
    }
  });
});

describe('site server before the first build', () => {
  it('answers 503 with Retry-After while no build is live', async () => {
    const server = createSiteServer({ root: () => null });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const at = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const res = await fetch(`${at}/`);
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(await res.text()).toContain('The site is being built');
    } finally {
      server.close();
    }
  });
});

describe('site server without redirect rules', () => {
  it('serves like a host without rules: no _redirects, no trailing-slash 301, unknown paths 404', async () => {
    const server = createSiteServer({ root: () => dir, redirects: false });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const at = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      expect((await fetch(`${at}/rooms`, { redirect: 'manual' })).status).toBe(404);
      expect((await fetch(`${at}/about/`, { redirect: 'manual' })).status).toBe(200);
      expect((await fetch(`${at}/about`, { redirect: 'manual' })).status).toBe(200);
    } finally {
      server.close();
    }
  });
});
