import { describe, expect, it } from 'vitest';
import { postStatus } from '../../src/admin/lib/post-status';
import { createsLoop, isRedirectUrl, isWebUrl, redirectProblem, slugify } from '../../src/admin/lib/validation';
import { nextPath, loginUrl } from '../../src/admin/lib/navigation';
import { contentItems, filterContent } from '../../src/admin/features/content/content-list';

describe('admin rules', () => {
  it('slugify follows the spec’s rule', () => {
    expect(slugify('  Losar: New Year!  at   Boudha ')).toBe('losar-new-year-at-boudha');
    expect(slugify('a -- b')).toBe('a-b');
    expect(slugify('Café')).toBe('caf');
  });

  it('accepts relative paths longer than / and absolute http(s) URLs only', () => {
    for (const ok of ['/a', '/old-page/', 'https://x.example/y', 'http://x.example'])
      expect(isRedirectUrl(ok), ok).toBe(true);
    for (const bad of [
      '/',
      '',
      'old-page',
      '//evil.example/x',
      'javascript:alert(1)',
      'ftp://x.example',
      // #26: paths that resolve elsewhere than they read.
      '/.//evil.example/',
      '/a/../b/',
      '/\\evil.example',
      '/a//b/',
    ])
      expect(isRedirectUrl(bad), bad).toBe(false);
  });

  it('finds loops through chains, trailing slash ignored, and leaves unrelated loops alone', () => {
    const active = [
      { from_url: '/a', to_url: '/b/' },
      { from_url: '/b', to_url: '/c' },
      { from_url: '/x', to_url: '/y' },
      { from_url: '/y', to_url: '/x' },
    ];
    expect(createsLoop(active, '/c/', '/a')).toBe(true);
    expect(createsLoop(active, '/d', '/a')).toBe(false);
    expect(createsLoop(active, '/z', '/x')).toBe(false);
    expect(createsLoop(active, '/c', 'https://hotel.example/a', 'hotel.example')).toBe(true);
    expect(redirectProblem('/c', '/a', active, 'h')?.[0]).toBe('Redirect loop');
    expect(redirectProblem('/c', '/a', [], 'h')).toBeNull();
  });

  it('returns to an admin path after sign-in, never elsewhere', () => {
    expect(nextPath('?next=%2Fadmin%2F%23reviews')).toBe('/admin/#reviews');
    expect(nextPath('?next=%2Fmandala-admin-portal%2F')).toBe('/mandala-admin-portal/');
    for (const bad of ['?next=https%3A%2F%2Fevil.example', '?next=%2F%2Fevil.example', '?next=%2Fadmin%2Flogin%2F', ''])
      expect(nextPath(bad), bad).toBe('/admin/');
    expect(loginUrl({ pathname: '/admin/', search: '', hash: '#redirects' })).toBe(
      '/admin/login/?next=%2Fadmin%2F%23redirects',
    );
  });

  it('lists static pages first, then newest; searches title, slug, category and author', () => {
    const items = contentItems(
      [
        {
          id: 'p1',
          title: 'Cafe',
          slug: 'boudha-cafe',
          custom_url: null,
          is_published: true,
          updated_at: '2026-01-02',
        },
      ],
      [
        {
          id: 'b1',
          title: 'Kora',
          slug: 'kora',
          is_published: true,
          published_date: '2026-02-01T00:00:00Z',
          updated_at: '2026-03-01',
          category: 'spirituality',
          author_name: 'Pema',
        },
        {
          id: 'b2',
          title: 'Momo',
          slug: 'momo',
          is_published: false,
          published_date: null,
          updated_at: '2026-01-01',
          category: 'food',
          author_name: null,
        },
        {
          id: 'b3',
          title: 'Losar',
          slug: 'losar',
          is_published: true,
          published_date: '2999-02-01T00:00:00Z',
          updated_at: '2025-12-01',
          category: null,
          author_name: null,
        },
      ],
    );
    expect(items.slice(0, 9).every((i) => i.kind === 'static')).toBe(true);
    expect(items.slice(9).map((i) => i.id)).toEqual(['b1', 'p1', 'b2', 'b3']);
    expect(items.slice(9).map((i) => i.status)).toEqual(['published', 'published', 'draft', 'scheduled']);
    expect(items.find((i) => i.id === 'p1')?.url).toBe('/boudha-cafe/');
    expect(items.find((i) => i.id === 'b1')?.url).toBe('/blog/kora/');
    expect(filterContent(items, 'pema', 'all').map((i) => i.id)).toEqual(['b1']);
    expect(filterContent(items, 'FOOD', 'all').map((i) => i.id)).toEqual(['b2']);
    expect(filterContent(items, '', 'dynamic').map((i) => i.id)).toEqual(['p1']);
    expect(filterContent(items, 'about', 'static').map((i) => i.title)).toEqual(['About Us']);
  });

  it('lists a built-in page converted into a stored page once, as that page (D20)', () => {
    const converted = {
      id: 'p2',
      title: 'Our Story',
      slug: 'about',
      custom_url: '/about/',
      is_published: false,
      updated_at: '2026-01-03',
    };
    const items = contentItems([converted], []);
    expect(items.filter((i) => i.url === '/about/').map((i) => [i.id, i.kind])).toEqual([['p2', 'dynamic']]);
    expect(items.filter((i) => i.kind === 'static')).toHaveLength(8);
  });
});

describe('post status (D12)', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  it('is a draft when unpublished, whatever the date', () => {
    expect(postStatus({ is_published: false, published_date: '2999-01-01T00:00:00Z' }, now)).toBe('draft');
  });
  it('is scheduled when published with a future date, published when the date has come or is empty', () => {
    expect(postStatus({ is_published: true, published_date: '2026-11-23T12:00:01Z' }, now)).toBe('scheduled');
    expect(postStatus({ is_published: true, published_date: '2026-11-23T12:00:00Z' }, now)).toBe('published');
    expect(postStatus({ is_published: true, published_date: null }, now)).toBe('published');
  });
});

describe('URL columns (the database check, mirrored in the admin forms)', () => {
  it.each([
    ['', true],
    ['/', true],
    ['/blog/kora/', true],
    ['https://boudhamandala.example/a?b=c#d', true],
    ['http://127.0.0.1:54321/storage/v1/object/public/blog-images/a.jpg', true],
    ['javascript:alert(1)', false],
    ['data:image/png;base64,AAAA', false],
    ['http://[bad', false],
    ['//evil.example/', false],
    ['/\\evil.example', false],
    ['https://hotel.example/a b', false],
    ['ftp://hotel.example/', false],
  ])('isWebUrl(%j) is %s', (url, ok) => {
    expect(isWebUrl(url)).toBe(ok);
  });

  it('refuses redirect paths that browsers read as another host', () => {
    expect(isRedirectUrl('//evil.example')).toBe(false);
    expect(isRedirectUrl('/\\evil.example')).toBe(false);
    expect(isRedirectUrl('/old-page')).toBe(true);
  });
});
