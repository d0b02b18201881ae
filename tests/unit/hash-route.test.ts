import { describe, expect, it } from 'vitest';
import { formatHash, parseHash } from '../../src/admin/lib/hash-route';

const TABS = ['content', 'pages', 'blog', 'reviews', 'page-seo'];

describe('admin hash routes', () => {
  it.each([
    ['', { tab: 'content' }],
    ['#', { tab: 'content' }],
    ['#nowhere', { tab: 'content' }],
    ['#nowhere/12', { tab: 'content' }],
    ['#reviews', { tab: 'reviews' }],
    ['#blog/', { tab: 'blog' }],
    ['#blog/new', { tab: 'blog', item: 'new' }],
    ['#blog/6f1c2b9e-0000-4000-8000-000000000001', { tab: 'blog', item: '6f1c2b9e-0000-4000-8000-000000000001' }],
    ['#pages/abc', { tab: 'pages', item: 'abc' }],
    ['#page-seo', { tab: 'page-seo' }],
    ['#page-seo/', { tab: 'page-seo', item: '/' }],
    ['#page-seo/about/', { tab: 'page-seo', item: '/about/' }],
    ['#page-seo/location/directions/', { tab: 'page-seo', item: '/location/directions/' }],
  ])('reads %j', (hash, route) => {
    expect(parseHash(hash, TABS, 'content')).toEqual(route);
  });

  it.each([
    [{ tab: 'reviews' }, '#reviews'],
    [{ tab: 'blog', item: 'new' }, '#blog/new'],
    [{ tab: 'pages', item: 'a b/c' }, '#pages/a%20b%2Fc'],
    [{ tab: 'page-seo', item: '/' }, '#page-seo/'],
    [{ tab: 'page-seo', item: '/about/' }, '#page-seo/about/'],
  ])('writes %j and reads it back', (route, hash) => {
    expect(formatHash(route)).toBe(hash);
    expect(parseHash(hash, TABS, 'content')).toEqual(route);
  });
});
