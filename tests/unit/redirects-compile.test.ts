import { describe, expect, it } from 'vitest';
import { hostRedirect, matchRedirect } from '../../src/lib/host/redirects.mjs';
import {
  CLOUDFLARE_REDIRECT_LIMITS,
  cloudflareRedirectWarnings,
  compileRedirects,
  countRedirectRules,
  redirectKey,
  renderRedirectRules,
} from '../../src/lib/redirects/compile';

const row = (from_url: string, to_url: string, redirect_type = 301, is_active = true) => ({
  from_url,
  to_url,
  redirect_type,
  is_active,
});

describe('redirectKey', () => {
  it.each([
    ['/rooms/', '/rooms'],
    ['/rooms', '/rooms'],
    ['/', '/'],
    ['/a/b//', '/a/b'],
    ['/page/?id=3', '/page?id=3'],
    ['https://hotel.example/old/', '/old'],
    ['https://other.example/old/', undefined],
    ['relative', undefined],
  ])('%s → %s', (url, key) => {
    expect(redirectKey(url, 'hotel.example')).toBe(key);
  });
});

describe('compileRedirects', () => {
  it('leaves out a row whose path resolves elsewhere than it reads, saying so (#26)', () => {
    const warnings: string[] = [];
    const rules = compileRedirects(
      [row('/trick/', '/.//evil.example/'), row('/a/../admin/', '/b/'), row('/ok/', '/fine/')],
      {
        warn: (m) => warnings.push(m),
      },
    );
    expect(rules).toEqual([{ from: '/ok', to: '/fine/', status: 301 }]);
    expect(warnings).toEqual([
      'redirect from /trick/ skipped: a path with a backslash, an empty or a dot segment',
      'redirect from /a/../admin/ skipped: a path with a backslash, an empty or a dot segment',
    ]);
  });

  it('keeps active rules with their status, ignoring a trailing slash', () => {
    expect(
      compileRedirects([
        row('/rooms/', '/accommodation/'),
        row('/book', '/booking/', 302),
        row('/old/', '/', 301, false),
      ]),
    ).toEqual([
      { from: '/book', to: '/booking/', status: 302 },
      { from: '/rooms', to: '/accommodation/', status: 301 },
    ]);
  });

  it('collapses chains A→B→C into A→C, temporary if any hop is', () => {
    const rules = compileRedirects([row('/a/', '/b/'), row('/b', '/c/', 302), row('/c/', '/d/')]);
    expect(rules).toEqual([
      { from: '/a', to: '/d/', status: 302 },
      { from: '/b', to: '/d/', status: 302 },
      { from: '/c', to: '/d/', status: 301 },
    ]);
  });

  it('leaves loops out, with a warning', () => {
    const warnings: string[] = [];
    const rules = compileRedirects([row('/a/', '/b/'), row('/b/', '/c/'), row('/c/', '/a/'), row('/x/', '/y/')], {
      warn: (m) => warnings.push(m),
    });
    expect(rules).toEqual([{ from: '/x', to: '/y/', status: 301 }]);
    expect(warnings).toHaveLength(3);
    expect(warnings[0]).toMatch(/redirect loop left out/);
  });

  it('treats /a and /a/ as the same path, so a rule between them is a loop', () => {
    const warnings: string[] = [];
    expect(compileRedirects([row('/a', '/a/')], { warn: (m) => warnings.push(m) })).toEqual([]);
    expect(warnings).toHaveLength(1);
  });

  it('keeps external targets and does not follow them', () => {
    expect(compileRedirects([row('/maps/', 'https://maps.example/x'), row('/x', '/maps/')])).toEqual([
      { from: '/maps', to: 'https://maps.example/x', status: 301 },
      { from: '/x', to: 'https://maps.example/x', status: 301 },
    ]);
  });

  it('follows absolute targets on the site itself', () => {
    expect(
      compileRedirects([row('/a/', 'https://hotel.example/b/'), row('/b/', '/c/')], { siteHost: 'hotel.example' })[0],
    ).toEqual({
      from: '/a',
      to: '/c/',
      status: 301,
    });
  });

  it('keeps query strings as part of the source, the rule with the condition first (the first that applies wins)', () => {
    const rules = compileRedirects([row('/page/', '/pages/'), row('/page?id=3', '/three/')]);
    expect(rules).toEqual([
      { from: '/page?id=3', to: '/three/', status: 301 },
      { from: '/page', to: '/pages/', status: 301 },
    ]);
    expect(renderRedirectRules(rules)).toBe('/page  id=3  /three/  301!\n/page  /pages/  301!');
  });

  it("writes Cloudflare Pages' dialect on request: plain status, no query conditions", () => {
    const rules = compileRedirects([row('/page?id=3', '/three/'), row('/page/', '/pages/'), row('/b', '/c', 302)]);
    expect(renderRedirectRules(rules, 'cloudflare')).toBe(
      '/b  /c  302\n/b/  /c  302\n/page  /pages/  301\n/page/  /pages/  301',
    );
    // Every line is `from to status` with a bare 301/302: what Cloudflare's parser accepts.
    for (const line of renderRedirectRules(rules, 'cloudflare').split('\n'))
      expect(line).toMatch(/^\/\S* {2}\S+ {2}30[12]$/);
  });

  it('writes each staff redirect for Cloudflare with and without the trailing slash, which it matches exactly', () => {
    const rules = compileRedirects([row('/old-post', '/blog/new-post/'), row('/rooms/', '/accommodation/')]);
    expect(renderRedirectRules(rules, 'cloudflare').split('\n')).toEqual([
      '/old-post  /blog/new-post/  301',
      '/old-post/  /blog/new-post/  301',
      '/rooms  /accommodation/  301',
      '/rooms/  /accommodation/  301',
    ]);
    // Netlify (and the local site server) match both forms with one rule.
    expect(renderRedirectRules(rules)).toBe('/old-post  /blog/new-post/  301!\n/rooms  /accommodation/  301!');
  });

  it('keeps one Cloudflare line for the root, file-like and dynamic sources, and never a rule onto itself', () => {
    const rules = compileRedirects([
      row('/', '/home-page/'),
      row('/old.html', '/new/'),
      row('/news/*', '/blog/'),
      row('/x', '/x/?from=old'),
    ]);
    expect(renderRedirectRules(rules, 'cloudflare').split('\n')).toEqual([
      '/  /home-page/  301',
      '/old.html  /new/  301',
      '/x  /x/?from=old  301',
      '/news/*  /blog/  301',
    ]);
  });

  it('skips rules for other hosts and duplicates, with warnings', () => {
    const warnings: string[] = [];
    expect(
      compileRedirects([row('https://else.example/a', '/b/'), row('/c/', '/d/'), row('/c', '/e/')], {
        warn: (m) => warnings.push(m),
      }),
    ).toHaveLength(1);
    expect(warnings).toHaveLength(2);
  });
});

describe('the 404 fallback: compiled rules through the host matcher', () => {
  const rules = compileRedirects([
    row('/rooms/', '/accommodation/'),
    row('/page?id=3', '/three/', 302),
    row('/page', '/pages/'),
  ]).map(hostRedirect);

  it('puts a rule with a query condition before the same path without one (the first that applies wins)', () => {
    expect(rules.map((r) => [r.from, r.query])).toEqual([
      ['/page', { id: '3' }],
      ['/page', {}],
      ['/rooms', {}],
    ]);
  });

  it.each([
    ['/rooms', { location: '/accommodation/', status: 301 }],
    ['/rooms/', { location: '/accommodation/', status: 301 }],
    ['/rooms/?utm=x', { location: '/accommodation/?utm=x', status: 301 }],
    ['/page/?id=3', { location: '/three/', status: 302 }],
    ['/page/?id=4', { location: '/pages/?id=4', status: 301 }],
    ['/nothing/', undefined],
  ])('%s', (request, expected) => {
    expect(matchRedirect(rules, new URL(request, 'http://site.test'))).toEqual(expected);
  });
});

describe("Cloudflare Pages' redirect limits", () => {
  const staticLines = (n: number) => Array.from({ length: n }, (_, i) => `/old-${i}  /new/  301`).join('\n');
  const dynamicLines = (n: number) => Array.from({ length: n }, (_, i) => `/news-${i}/*  /blog/:splat  301`).join('\n');

  it('counts static and dynamic rules, leaving out comments and blank lines', () => {
    const body = `# header\n${staticLines(3)}\n\n/:lang/old  /:lang/new  301\n${dynamicLines(2)}\n`;
    expect(countRedirectRules(body)).toMatchObject({ static: 3, dynamic: 3 });
  });

  it('says nothing well below the limits', () => {
    expect(cloudflareRedirectWarnings(`${staticLines(1799)}\n${dynamicLines(89)}`)).toEqual([]);
  });

  it('warns at 90% of either limit, and says when a limit is passed', () => {
    expect(cloudflareRedirectWarnings(staticLines(1800))).toEqual([
      expect.stringMatching(/^1800 static redirects: near Cloudflare Pages' limit of 2000 /),
    ]);
    expect(cloudflareRedirectWarnings(dynamicLines(90))).toEqual([
      expect.stringMatching(/^90 dynamic redirects: near Cloudflare Pages' limit of 100\./),
    ]);
    expect(
      cloudflareRedirectWarnings(`${staticLines(CLOUDFLARE_REDIRECT_LIMITS.static + 1)}\n${dynamicLines(101)}`),
    ).toEqual([
      expect.stringMatching(/^2001 static redirects: over Cloudflare Pages' limit of 2000\./),
      expect.stringMatching(/^101 dynamic redirects: over Cloudflare Pages' limit of 100\./),
    ]);
  });

  it('counts both slash forms of every staff redirect towards the static limit', () => {
    const rows = Array.from({ length: 900 }, (_, i) => row(`/post-${i}/`, '/blog/'));
    const body = renderRedirectRules(compileRedirects(rows), 'cloudflare');
    expect(countRedirectRules(body).static).toBe(1800);
    expect(cloudflareRedirectWarnings(body)).toHaveLength(1);
  });

  it('warns about over-long lines and static rules after dynamic ones', () => {
    const long = `/long  /${'x'.repeat(1000)}  301`;
    expect(cloudflareRedirectWarnings(`${dynamicLines(1)}\n${long}`)).toEqual([
      expect.stringMatching(/^1 redirect line\(s\) over Cloudflare Pages' limit of 1000 characters: \/long$/),
      expect.stringMatching(/static redirect follows a dynamic one/),
    ]);
  });
});
