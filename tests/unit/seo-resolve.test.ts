import { describe, expect, it } from 'vitest';
import { faviconType, parseSchemaMarkup, resolveSeo } from '../../src/lib/seo/resolve';
import { robotsContent } from '../../src/lib/seo/page-seo';

const defaults = { title: 'Built-in title', description: 'Built-in description' };
const generated = [{ '@type': 'BreadcrumbList' }];

describe('resolveSeo: the order of D8', () => {
  const post = {
    title: 'Kora at Dawn',
    meta_title: null,
    meta_description: 'Walk the kora',
    excerpt: 'x',
    og_type: null,
    is_indexed: true,
  };
  const staticRow = { seo_title: 'About | Hotel', seo_description: 'Static description', is_indexed: true };
  const pageRow = {
    title: 'Cafe',
    seo_title: null,
    meta_title: 'Cafe meta',
    seo_description: null,
    meta_description: 'Cafe desc',
  };

  it('prefers a post, then the static row, then the page row, then the defaults', () => {
    expect(resolveSeo({ path: '/blog/kora/', defaults, post, staticRow, pageRow }).source).toBe('post');
    expect(resolveSeo({ path: '/about/', defaults, staticRow, pageRow }).source).toBe('static');
    expect(resolveSeo({ path: '/cafe/', defaults, pageRow }).source).toBe('page');
    expect(resolveSeo({ path: '/x/', defaults }).source).toBe('default');
  });

  it('resolves a post: meta title else title, article by default, featured image and alt fallback', () => {
    const seo = resolveSeo({
      path: '/blog/kora/',
      defaults,
      post: { ...post, featured_image: '/images/blog/kora.jpg' },
    });
    expect(seo).toMatchObject({
      title: 'Kora at Dawn',
      description: 'Walk the kora',
      ogType: 'article',
      twitterCard: 'summary_large_image',
      image: '/images/blog/kora.jpg',
      imageAlt: 'Kora at Dawn',
      noindex: false,
    });
  });

  it('falls back field by field to the defaults and the default share image', () => {
    const seo = resolveSeo({
      path: '/about/',
      defaults,
      staticRow: { seo_title: '  ', is_indexed: false },
      defaultImage: '/og.jpg',
    });
    expect(seo).toMatchObject({
      title: 'Built-in title',
      description: 'Built-in description',
      noindex: true,
      image: '/og.jpg',
      ogType: 'website',
    });
  });

  it("writes is_indexed = false as robots 'noindex' only, as D8 says: its links are still followed (#31)", () => {
    const hidden = resolveSeo({ path: '/about/', defaults, staticRow: { ...staticRow, is_indexed: false } });
    expect(robotsContent(hidden)).toBe('noindex');
    const post_ = resolveSeo({ path: '/blog/kora/', defaults, post: { ...post, is_indexed: false } });
    expect(robotsContent(post_)).toBe('noindex');
    // A built-in noindex page (thank-you, 404) says the same; an indexed page says nothing.
    expect(robotsContent(resolveSeo({ path: '/thank-you/', defaults: { ...defaults, noindex: true } }))).toBe(
      'noindex',
    );
    expect(robotsContent(resolveSeo({ path: '/about/', defaults, staticRow }))).toBeUndefined();
  });

  it('uses a page row: seo_title, then meta_title, then title', () => {
    expect(resolveSeo({ path: '/cafe/', defaults, pageRow }).title).toBe('Cafe meta');
    expect(resolveSeo({ path: '/cafe/', defaults, pageRow: { title: 'Cafe' } }).title).toBe('Cafe');
  });

  it("uses the row's schema_markup when it parses, else the generated JSON-LD", () => {
    const markup = '{"@context":"https://schema.org","@type":"Hotel","name":"H"}';
    expect(
      resolveSeo({ path: '/', defaults, staticRow: { schema_markup: markup }, generatedJsonLd: generated }).jsonLd,
    ).toEqual([{ '@context': 'https://schema.org', '@type': 'Hotel', name: 'H' }]);
    expect(
      resolveSeo({ path: '/', defaults, staticRow: { schema_markup: '{not json' }, generatedJsonLd: generated }).jsonLd,
    ).toEqual(generated);
  });
});

describe('parseSchemaMarkup', () => {
  it.each([
    ['', undefined],
    ['42', undefined],
    ['"text"', undefined],
    ['[1]', undefined],
    ['{"@type":"Hotel"}', [{ '@type': 'Hotel' }]],
    ['[{"@type":"A"},{"@type":"B"}]', [{ '@type': 'A' }, { '@type': 'B' }]],
  ])('%j', (markup, expected) => {
    expect(parseSchemaMarkup(markup)).toEqual(expected);
  });
});

describe('faviconType', () => {
  it.each([
    ['https://x.example/favicon.png', 'image/png'],
    ['https://x.example/icon.PNG?v=2', 'image/png'],
    ['https://x.example/favicon.ico', 'image/x-icon'],
    ['https://x.example/icon.jpg', 'image/x-icon'],
  ])('%s → %s', (url, type) => {
    expect(faviconType(url)).toBe(type);
  });
});
