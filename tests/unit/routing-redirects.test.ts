import { describe, expect, it } from 'vitest';
import { isSlashExempt, renderRedirects, trailingSlashRules } from '../../src/lib/host/redirects.mjs';

describe('routing redirects (D5)', () => {
  it.each([
    ['/', true],
    ['/admin', true],
    ['/admin/login', true],
    ['/api/x', true],
    ['/sitemap.xml', true],
    ['/favicon.png', true],
    ['/about', false],
    ['/administrator', false],
    ['/blog/some-post', false],
  ])('%s exempt from the trailing-slash rule: %s', (path, exempt) => {
    expect(isSlashExempt(path)).toBe(exempt);
  });

  it('adds one 301 per built page to its slash form, skipping /, 404 and exempt paths', () => {
    expect(trailingSlashRules(['', 'about/', 'blog/a-post/', '404/', '500/', 'admin/', 'contact/'])).toEqual([
      { from: '/about', to: '/about/', status: 301 },
      { from: '/blog/a-post', to: '/blog/a-post/', status: 301 },
      { from: '/contact', to: '/contact/', status: 301 },
    ]);
  });

  it('renders the _redirects format', () => {
    expect(renderRedirects([{ from: '/home', to: '/', status: 301 }])).toBe('/home  /  301\n');
  });
});

describe('routing rules as written', () => {
  it('forces /index.html to / (a file exists there) where the dialect has !, and lists each source once', () => {
    const rules = [
      { from: '/index.html', to: '/', status: 301 as const, force: true },
      { from: '/mandala-admin-portal', to: '/mandala-admin-portal/', status: 301 as const },
      ...trailingSlashRules(['mandala-admin-portal/', 'about/']),
    ];
    expect(renderRedirects(rules)).toBe(
      '/index.html  /  301!\n/mandala-admin-portal  /mandala-admin-portal/  301\n/about  /about/  301\n',
    );
    expect(renderRedirects(rules, 'cloudflare').split('\n')[0]).toBe('/index.html  /  301');
  });
});
