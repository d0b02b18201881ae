/**
 * The 404 monitor's pure rules (#29, D28): how a reported path is normalised and when it is a probe
 * (src/lib/host/not-found-paths.mjs), the referrer's host, what a body must hold and which redirects make a path
 * not worth recording (supabase/functions/not-found/not-found.js), and in the admin, which paths the Not found list
 * shows and which target it suggests (src/admin/features/redirects/not-found.utils.ts). The database side is
 * tests/integration/not-found.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { MAX_PATH_LENGTH, PROBES_PATH, notFoundPath, referrerHost } from '../../src/lib/host/not-found-paths.mjs';
import { matchRedirect } from '../../src/lib/host/redirects.mjs';
import { BODY_LIMIT, handleNotFound, readReport, redirectRules } from '../../supabase/functions/not-found/not-found.js';
import { liveAddresses } from '../../src/admin/lib/live-addresses';
import {
  pathsToReview,
  readablePath,
  similarity,
  suggestTarget,
} from '../../src/admin/features/redirects/not-found.utils';

const pathOf = (raw: unknown) => {
  const r = notFoundPath(raw);
  return r.ok ? r.path : `refused: ${r.reason}`;
};

describe('notFoundPath: one form per path', () => {
  it.each([
    ['/old-page/', '/old-page/'],
    ['/old-page', '/old-page/'],
    ['/old-page/?utm_source=mail&x=1', '/old-page/'],
    ['/old-page#section', '/old-page/'],
    ['  /rooms  ', '/rooms/'],
    ['//rooms///deluxe', '/rooms/deluxe/'],
    ['/caf%C3%A9', '/caf%C3%A9/'],
    ['/café/', '/caf%C3%A9/'],
    ['/caf%c3%a9/', '/caf%C3%A9/'],
    ['/my%20page', '/my%20page/'],
    ['/a%3Fb/', '/a%3Fb/'],
    ["/what's-on/", "/what's-on/"],
    ['/brochure.pdf', '/brochure.pdf'],
    ['/rooms.html', '/rooms.html'],
    ['/Blog/Old-Post/', '/Blog/Old-Post/'],
    ['/', '/'],
  ])('%s → %s', (raw, path) => {
    expect(pathOf(raw)).toBe(path);
    expect(notFoundPath(raw)).toMatchObject({ ok: true, probe: false });
  });

  it('refuses what is not a path, and a path longer than the bound, rather than cutting it', () => {
    for (const raw of ['', 'old-page', 'https://example.org/x', '?q=1', 42, null, undefined, { path: '/x' }, ['/x']])
      expect(notFoundPath(raw).ok, String(raw)).toBe(false);
    expect(pathOf(`/${'a'.repeat(MAX_PATH_LENGTH - 2)}`)).toHaveLength(MAX_PATH_LENGTH);
    expect(notFoundPath(`/${'a'.repeat(MAX_PATH_LENGTH)}`)).toMatchObject({ ok: false });
    // The bound is on the normalised path: percent-encoding counts.
    expect(notFoundPath(`/${'é'.repeat(100)}`)).toMatchObject({ ok: false });
  });
});

describe('notFoundPath: probes count in one row', () => {
  it.each([
    '/_astro/index.Bx1.js',
    '/_astro',
    '/_uploads/abc/800.webp',
    '/admin/settings/',
    '/mandala-admin-portal/x/',
    '/wp-admin/',
    '/wp-login.php',
    '/blog/wp-content/uploads/x.jpg',
    '/wp-sitemap.xml',
    '/xmlrpc.php',
    '/index.php',
    '/shell.PHP7',
    '/cgi-bin/test.cgi',
    '/phpmyadmin/',
    '/.env',
    '/.git/config',
    '/app/.env.local',
    '/.well-known/security.txt',
    '/../../etc/passwd',
    '/%2e%2e/%2e%2e/etc/passwd',
    '/backup.sql',
    '/site.tar.gz',
    '/config.yml',
    '/default.aspx',
    '/vendor/phpunit/phpunit/src/Util/PHP/eval-stdin.php',
    '/a%00b/',
    '/%ZZ/',
    '/<script>alert(1)</script>',
    '/a\\b/',
  ])('%s', (raw) => {
    expect(notFoundPath(raw)).toEqual({ ok: true, path: PROBES_PATH, probe: true });
  });

  it('keeps pages that merely look alike', () => {
    for (const raw of ['/administration-fees/', '/blog/php-for-beginners/', '/envelope/', '/gitanjali/', '/wpa/'])
      expect(notFoundPath(raw), raw).toMatchObject({ ok: true, probe: false });
  });
});

describe('referrerHost: the host only', () => {
  it.each([
    ['www.google.com', 'www.google.com'],
    ['WWW.Google.COM', 'www.google.com'],
    ['https://www.google.com/search?q=boudha+hotel', 'www.google.com'],
    ['https://user:secret@partner.example:8443/path', 'partner.example'],
    ['localhost:4321', 'localhost'],
    ['http://[::1]:4321/', '[::1]'],
    ['android-app://com.google.android.gm/', 'com.google.android.gm'],
    ['bücher.example', 'xn--bcher-kva.example'],
  ])('%s → %s', (raw, host) => expect(referrerHost(raw)).toBe(host));

  it.each(['', '   ', 'not a host', 'http://', 'a'.repeat(300), null, 42, { host: 'x' }])('%s → null', (raw) =>
    expect(referrerHost(raw)).toBeNull(),
  );
});

describe('the function’s body and redirects', () => {
  it('reads a JSON object with a path, or the path alone', () => {
    expect(readReport('{"path":"/x/","referrer":"a.example"}')).toEqual({ path: '/x/', referrer: 'a.example' });
    expect(readReport('{"path":"/x/"}')).toEqual({ path: '/x/', referrer: null });
    expect(readReport(' /x/ ')).toEqual({ path: '/x/', referrer: null });
    for (const text of ['', 'x', '[{"path":"/x/"}]', '"/x/"', '{"url":"/x/"}', '{', 'null'])
      expect(readReport(text), text).toBeUndefined();
  });

  it('makes host rules of the active redirects, as the build answers them', () => {
    const rules = redirectRules(
      [
        { from_url: '/old-blog/', to_url: '/blog/', redirect_type: 301 },
        { from_url: '/news/*', to_url: '/blog/:splat', redirect_type: 301 },
        { from_url: '/promo?code=monsoon', to_url: '/accommodation/', redirect_type: 302 },
        { from_url: 'https://hotel.example/deals/', to_url: '/accommodation/', redirect_type: 301 },
        { from_url: 'https://elsewhere.example/x/', to_url: '/', redirect_type: 301 },
      ],
      'hotel.example',
    );
    const redirected = (path: string) => Boolean(matchRedirect(rules, new URL(path, 'http://site.invalid')));
    expect(redirected('/old-blog/')).toBe(true);
    expect(redirected('/news/a/b/')).toBe(true);
    expect(redirected('/deals/')).toBe(true);
    expect(redirected('/home/')).toBe(true); // a routing alias of D5
    expect(redirected('/promo/')).toBe(false); // only with its query, which a report never has
    expect(redirected('/x/')).toBe(false);
    expect(redirected('/old-blogs/')).toBe(false);
  });

  it('refuses what is not one path before it touches the database', async () => {
    const db = new Proxy({}, { get: () => () => Promise.reject(new Error('no database in a unit test')) });
    const deps = { db, hashSecret: 's', clientIp: () => '203.0.113.9' };
    const post = (body: BodyInit | null, type?: string, method = 'POST') =>
      handleNotFound(
        new Request('http://fn.test/not-found', {
          method,
          body,
          headers: type ? { 'content-type': type } : {},
        }),
        deps,
      );
    const answers = await Promise.all([
      post('{"path":"old"}', 'text/plain;charset=UTF-8'),
      post('[1,2]', 'application/json'),
      post('hello', 'text/plain'),
      post('path=/x/', 'application/x-www-form-urlencoded'),
      post(`{"path":"/${'x'.repeat(BODY_LIMIT)}"}`, 'text/plain'),
      post(null, undefined, 'GET'),
    ]);
    expect(answers.map((a) => a.status)).toEqual([400, 400, 400, 415, 413, 405]);
    const first = await answers[0].json();
    expect(first).toMatchObject({ ok: false, error: 'not_a_path' });
    expect(first.message).toContain('A path starts with "/"');
    expect((await post(null, undefined, 'OPTIONS')).status).toBe(204);
  });
});

describe('suggestTarget: the closest live address by its slug', () => {
  const live = liveAddresses(
    [{ title: 'Monsoon Retreats', slug: 'monsoon-retreats', custom_url: null, is_published: true }],
    [
      { title: 'Walking the Kora', slug: 'walking-the-kora-at-dawn', is_published: true, published_date: null },
      { title: 'Losar', slug: 'losar-festival-guide', is_published: true, published_date: null },
    ],
  );
  const keys = () => live.keys();

  it.each([
    ['/acommodation/', '/accommodation/'],
    ['/accomodation', '/accommodation/'],
    ['/about-us/', '/about/'],
    ['/about.html', '/about/'],
    ['/contact-us/', '/contact/'],
    ['/blog/walking-the-kora/', '/blog/walking-the-kora-at-dawn/'],
    ['/blog/2019/05/walking-the-kora-at-dawn/', '/blog/walking-the-kora-at-dawn/'],
    ['/posts/losar-festival/', '/blog/losar-festival-guide/'],
    ['/monsoon-retreat/', '/monsoon-retreats/'],
    ['/Gallery/', '/gallery/'],
  ])('%s → %s', (missing, target) => expect(suggestTarget(missing, keys())).toBe(target));

  it('falls back to the nearest address above that the site serves, else suggests nothing', () => {
    expect(suggestTarget('/blog/zzzz-qqqq/', keys())).toBe('/blog/');
    expect(suggestTarget('/qqqq-zzzz/', keys())).toBeUndefined();
    expect(suggestTarget('/xq/', [])).toBeUndefined();
  });

  it('measures likeness from 0 to 1', () => {
    expect(similarity('about', 'about')).toBe(1);
    expect(similarity('', '')).toBe(1);
    expect(similarity('abc', 'xyz')).toBe(0);
    expect(similarity('acommodation', 'accommodation')).toBeCloseTo(12 / 13);
  });
});

describe('pathsToReview: what the Not found list shows', () => {
  const live = liveAddresses([{ title: 'Now a page', slug: 'monsoon', custom_url: null, is_published: true }], []);
  const row = (path: string, ignored = false) => ({ path, ignored });

  it('hides ignored paths, paths the site serves now and paths a saved active redirect answers', () => {
    const rows = [
      row('/still-missing/'),
      row('/ignored/', true),
      row('/monsoon/'),
      row('/about'),
      row('/old-post/'),
      row('/news/anything/'),
      row('/switched-off/'),
      row('/caf%C3%A9/'),
    ];
    const redirects = [
      { from_url: '/old-post', to_url: '/blog/', redirect_type: 301, is_active: true },
      { from_url: '/news/*', to_url: '/blog/:splat', redirect_type: 301, is_active: true },
      { from_url: '/switched-off/', to_url: '/', redirect_type: 301, is_active: false },
      { from_url: '/café/', to_url: '/boudha-cafe-de-mandala/', redirect_type: 301, is_active: true },
    ];
    expect(pathsToReview(rows, { redirects, live }).map((r) => r.path)).toEqual(['/still-missing/', '/switched-off/']);
  });

  it('shows a stored path as staff type it, unless decoding would change what it names', () => {
    expect(readablePath('/caf%C3%A9/')).toBe('/café/');
    expect(readablePath('/plain/')).toBe('/plain/');
    expect(readablePath('/my%20page/')).toBe('/my%20page/');
    expect(readablePath('/a%3Fb/')).toBe('/a%3Fb/');
    expect(readablePath('/%E0%A4%A/')).toBe('/%E0%A4%A/');
  });
});
