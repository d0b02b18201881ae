import { describe, expect, it } from 'vitest';
import { isSlashExempt, renderRedirects, trailingSlashRules } from '../../src/lib/redirects/routing';

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
