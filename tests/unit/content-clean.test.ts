/**
 * Issue #16: a stored value the build cannot use is left out and named in the log, instead of failing the build
 * (src/lib/content/clean.ts, used by every getter that reads URL columns).
 */
import { describe, expect, it } from 'vitest';
import { isUsableUrl, withUsableUrls } from '../../src/lib/content/clean';

describe('usable URLs', () => {
  it.each([
    ['https://boudhamandala.example/blog/', true],
    ['http://127.0.0.1:54321/storage/v1/object/public/blog-images/a.jpg', true],
    ['/images/blog/kora-dawn.jpg', true],
    ['http://[bad', false],
    ['javascript:alert(1)', false],
    ['data:image/png;base64,AAAA', false],
    ['//evil.example/x.jpg', false],
    ['/\\evil.example', false],
    ['images/relative.jpg', false],
    ['https://a.example/" onerror="x', false],
  ])('%s → %s', (url, ok) => expect(isUsableUrl(url)).toBe(ok));
});

describe('rows with unusable URLs', () => {
  it('lose those values only, and the log names table, row and column', () => {
    const warnings: string[] = [];
    const rows = [
      { id: 'p1', slug: 'kora', featured_image: 'http://[bad', canonical_url: 'javascript:alert(1)', title: 'Kora' },
      { id: 'p2', slug: 'momo', featured_image: '/images/blog/momo.jpg', canonical_url: null, title: 'Momo' },
    ];
    const clean = withUsableUrls(
      'blog_posts',
      rows,
      ['featured_image', 'canonical_url'],
      (r) => `${r.id} (${r.slug})`,
      (m) => warnings.push(m),
    );
    expect(clean).toEqual([
      { id: 'p1', slug: 'kora', featured_image: null, canonical_url: null, title: 'Kora' },
      rows[1],
    ]);
    expect(clean[1]).toBe(rows[1]);
    expect(rows[0].featured_image).toBe('http://[bad');
    expect(warnings).toEqual([
      '[content] blog_posts p1 (kora) featured_image: "http://[bad" is not an http(s) URL or a path; left out',
      '[content] blog_posts p1 (kora) canonical_url: "javascript:alert(1)" is not an http(s) URL or a path; left out',
    ]);
  });
});
