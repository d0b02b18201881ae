import { describe, expect, it } from 'vitest';
import { buildSitemap, groupSitemap, renderSitemapXml, type SitemapInput } from '../../src/lib/sitemap/entries';

const base: SitemapInput = { posts: [], pages: [], overrides: [], staticSeo: [] };
const T = '2026-10-01T10:00:00.000Z';

describe('sitemap entries', () => {
  it("gives the static pages the spec's priorities and change frequencies", () => {
    const byLoc = Object.fromEntries(buildSitemap(base).map((e) => [e.loc, [e.priority, e.changefreq]]));
    expect(byLoc).toEqual({
      '/': [1, 'daily'],
      '/about/': [0.8, 'weekly'],
      '/accommodation/': [0.9, 'weekly'],
      '/experience/': [0.8, 'weekly'],
      '/gallery/': [0.7, 'monthly'],
      '/contact/': [0.6, 'monthly'],
      '/blog/': [0.8, 'daily'],
      '/reviews/': [0.7, 'weekly'],
      '/privacy/': [0.3, 'yearly'],
      '/terms/': [0.3, 'yearly'],
      '/sitemap/': [0.3, 'monthly'],
    });
  });

  it('adds posts at 0.7 weekly and pages at 0.6 weekly with lastmod from updated_at; skips the home page row and noindex rows', () => {
    const entries = buildSitemap({
      ...base,
      posts: [
        { slug: 'kora', title: 'Kora', updated_at: T, is_indexed: true },
        { slug: 'hidden', title: 'Hidden', updated_at: T, is_indexed: false },
      ],
      pages: [
        {
          slug: 'boudha-cafe-de-mandala',
          title: 'Cafe',
          custom_url: '/boudha-cafe-de-mandala/',
          updated_at: T,
          is_indexed: true,
        },
        { slug: 'home', title: 'Home', custom_url: null, updated_at: T, is_indexed: true },
        { slug: 'retreats', title: 'Retreats', custom_url: null, updated_at: T, is_indexed: true },
      ],
    }).filter((e) => e.kind !== 'static');
    expect(entries).toEqual([
      { loc: '/boudha-cafe-de-mandala/', title: 'Cafe', lastmod: T, kind: 'page', priority: 0.6, changefreq: 'weekly' },
      { loc: '/retreats/', title: 'Retreats', lastmod: T, kind: 'page', priority: 0.6, changefreq: 'weekly' },
      { loc: '/blog/kora/', title: 'Kora', lastmod: T, kind: 'post', priority: 0.7, changefreq: 'weekly' },
    ]);
  });

  it('applies overrides, exclusions and custom URLs (0.5 monthly), and drops static routes marked noindex', () => {
    const entries = buildSitemap({
      ...base,
      overrides: [
        {
          url: '/gallery/',
          entry_type: 'static',
          title: null,
          is_included: false,
          priority: null,
          changefreq: null,
          updated_at: T,
        },
        {
          url: '/about/',
          entry_type: 'static',
          title: 'Our Story',
          is_included: true,
          priority: 0.9,
          changefreq: 'monthly',
          updated_at: T,
        },
        {
          url: '/location/',
          entry_type: 'custom',
          title: 'Location',
          is_included: true,
          priority: null,
          changefreq: null,
          updated_at: T,
        },
      ],
      staticSeo: [{ page_route: '/contact/', is_indexed: false, updated_at: T }],
    });
    const locs = entries.map((e) => e.loc);
    expect(locs).not.toContain('/gallery/');
    expect(locs).not.toContain('/contact/');
    expect(entries.find((e) => e.loc === '/about/')).toMatchObject({
      title: 'Our Story',
      priority: 0.9,
      changefreq: 'monthly',
    });
    expect(entries.find((e) => e.loc === '/location/')).toMatchObject({
      priority: 0.5,
      changefreq: 'monthly',
      kind: 'custom',
    });
  });

  it('groups entries as the HTML sitemap shows them', () => {
    const g = groupSitemap(
      buildSitemap({ ...base, posts: [{ slug: 'p', title: 'P', updated_at: T, is_indexed: true }] }),
    );
    expect(g.main.map((e) => e.loc)).toEqual(['/', '/about/', '/accommodation/', '/experience/', '/blog/']);
    expect(g.posts.map((e) => e.loc)).toEqual(['/blog/p/']);
    expect(g.other.map((e) => e.loc)).toEqual([
      '/gallery/',
      '/contact/',
      '/reviews/',
      '/privacy/',
      '/terms/',
      '/sitemap/',
    ]);
  });

  it('renders XML with absolute, escaped URLs', () => {
    const xml = renderSitemapXml(
      [{ loc: '/a&b/', title: 'x', kind: 'custom', priority: 0.5, changefreq: 'monthly', lastmod: T }],
      'https://hotel.example',
    );
    expect(xml).toContain('<loc>https://hotel.example/a&amp;b/</loc>');
    expect(xml).toContain('<lastmod>2026-10-01T10:00:00.000Z</lastmod>');
    expect(xml).toContain('<priority>0.5</priority>');
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  });

  it('writes the file byte for byte as the sitemap has always been written', () => {
    const xml = renderSitemapXml(
      [
        { loc: '/', title: 'Home', kind: 'static', priority: 1, changefreq: 'daily', lastmod: T },
        { loc: '/blog/ü/', title: 'x', kind: 'post', priority: 0.6, changefreq: 'weekly' },
      ],
      'https://hotel.example',
    );
    expect(xml).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        '  <url>\n    <loc>https://hotel.example/</loc>\n    <lastmod>2026-10-01T10:00:00.000Z</lastmod>\n' +
        '    <changefreq>daily</changefreq>\n    <priority>1.0</priority>\n  </url>\n' +
        '  <url>\n    <loc>https://hotel.example/blog/%C3%BC/</loc>\n' +
        '    <changefreq>weekly</changefreq>\n    <priority>0.6</priority>\n  </url>\n</urlset>\n',
    );
    expect(renderSitemapXml([], 'https://hotel.example')).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n\n</urlset>\n',
    );
  });
});

describe('isReservedPath', () => {
  it.each([
    ['/', true],
    ['/about/', true],
    ['/blog/x/', true],
    ['/admin/', true],
    ['/boudha-cafe-de-mandala/', false],
    ['/retreats/', false],
    ['/aboutus/', false],
  ])('%s → %s', async (path, reserved) => {
    const { isReservedPath } = await import('../../src/lib/content/pages');
    expect(isReservedPath(path)).toBe(reserved);
  });
});
