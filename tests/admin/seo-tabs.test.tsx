/**
 * The three SEO tabs' pure parts: the schema templates (JSON-LD from the contact details), the Global SEO form's
 * rules (the IDs' shapes, a pasted verification tag), and the Sitemap tab's custom URLs and list.
 */
import { describe, expect, it } from 'vitest';
import { SCHEMA_TEMPLATES, schemaTemplate } from '../../src/admin/features/page-seo/schema-templates';
import {
  GA4_MESSAGE,
  GTM_MESSAGE,
  TWITTER_MESSAGE,
  seoSettingsInputSchema,
  seoSettingsValues,
  verificationToken,
} from '../../src/admin/features/seo/seo-settings-input-schema';
import { customSitemapUrl } from '../../src/admin/features/sitemap/sitemap-rules';
import { sitemapCandidates } from '../../src/lib/sitemap/entries';

const FACTS = {
  hotelName: 'Boudha Mandala Hotel',
  phone: '+977 1 4000 000',
  email: 'stay@boudhamandala.example',
  address: 'Boudha Stupa Road, Kathmandu 44600, Nepal',
  origin: 'https://boudhamandala.example',
  route: '/about/',
  title: 'About Us',
  description: 'A small hotel by the stupa.',
  image: '/images/og.jpg',
};

describe('schema templates', () => {
  it('give valid JSON-LD of each type, from the contact details', () => {
    for (const kind of SCHEMA_TEMPLATES) {
      const data = JSON.parse(schemaTemplate(kind, FACTS));
      expect(data['@context']).toBe('https://schema.org');
      expect(data['@type']).toBe(kind);
    }
    const hotel = JSON.parse(schemaTemplate('Hotel', FACTS));
    expect(hotel).toMatchObject({
      name: 'Boudha Mandala Hotel',
      telephone: '+977 1 4000 000',
      email: 'stay@boudhamandala.example',
      starRating: { '@type': 'Rating', ratingValue: '4' },
      address: { postalCode: '44600', addressCountry: 'NP', streetAddress: 'Boudha Stupa Road' },
      image: 'https://boudhamandala.example/images/og.jpg',
    });
    const page = JSON.parse(schemaTemplate('WebPage', FACTS));
    expect(page).toMatchObject({ name: 'About Us', url: 'https://boudhamandala.example/about/' });
    const org = JSON.parse(schemaTemplate('Organization', FACTS));
    expect(org.url).toBe('https://boudhamandala.example/');
  });
});

describe('the Global SEO form', () => {
  const parse = (values: Record<string, string>) =>
    seoSettingsInputSchema.safeParse({ ...seoSettingsValues(null, 'Boudha Mandala Hotel'), ...values });
  const messages = (values: Record<string, string>) => {
    const r = parse(values);
    return r.success ? [] : r.error.issues.map((i) => i.message);
  };

  it('checks the shapes of the GA4, Tag Manager and Twitter IDs, saying what they look like', () => {
    expect(messages({ ga4_tracking_id: 'UA-12345-1' })).toEqual([GA4_MESSAGE]);
    expect(messages({ ga4_tracking_id: 'G-ABC12DEF' })).toEqual([]);
    expect(messages({ gtm_container_id: 'GTM-abc' })).toEqual([GTM_MESSAGE]);
    expect(messages({ gtm_container_id: 'GTM-5XK2L9P' })).toEqual([]);
    expect(messages({ default_twitter_handle: '@boudha mandala' })).toEqual([TWITTER_MESSAGE]);
    expect(messages({ facebook_app_id: 'abc' })).toEqual(['A Facebook App ID is digits only']);
    expect(messages({ site_name: ' ' })).toEqual(['Site name is required']);
    expect(messages({ default_schema_markup: '{"@type": ' })).toEqual(['Default schema markup must be valid JSON']);
  });

  it('keeps only the code of a pasted Search Console tag, and stores blanks as null', () => {
    expect(verificationToken('<meta name="google-site-verification" content="abc-123_X" />')).toBe('abc-123_X');
    expect(verificationToken('  abc-123  ')).toBe('abc-123');
    const r = parse({ gsc_verification: '<meta name="google-site-verification" content="tok" />' });
    expect(r.success && r.data).toMatchObject({ gsc_verification: 'tok', ga4_tracking_id: null, header_scripts: null });
  });
});

describe('the Sitemap tab', () => {
  it("adds the slashes a custom URL needs, and refuses what is no path of the site: 'Please enter a valid URL'", () => {
    const origin = 'https://boudhamandala.example';
    expect(customSitemapUrl('offers/monsoon', origin)).toBe('/offers/monsoon/');
    expect(customSitemapUrl('/offers/', origin)).toBe('/offers/');
    expect(customSitemapUrl('https://boudhamandala.example/offers', origin)).toBe('/offers/');
    for (const bad of ['', '   ', '/a b/', '/x?y=1', 'https://elsewhere.example/x', '/x#top'])
      expect(customSitemapUrl(bad, origin), bad).toBeNull();
  });

  it('lists every URL the build considers, with why one is out', () => {
    const list = sitemapCandidates({
      posts: [{ slug: 'kora', title: 'Kora', updated_at: '2026-01-01', is_indexed: true }],
      pages: [{ slug: 'hidden', title: 'Hidden', custom_url: null, updated_at: '2026-01-01', is_indexed: false }],
      overrides: [
        {
          url: '/gallery/',
          entry_type: 'static',
          title: null,
          is_included: false,
          priority: null,
          changefreq: null,
          updated_at: '2026-01-02',
        },
        {
          url: '/offers/',
          entry_type: 'custom',
          title: null,
          is_included: true,
          priority: 0.4,
          changefreq: null,
          updated_at: '2026-01-03',
        },
      ],
      staticSeo: [],
    });
    const by = Object.fromEntries(list.map((c) => [c.loc, c]));
    expect(by['/gallery/']).toMatchObject({ included: false, indexed: true, defaults: { priority: 0.7 } });
    expect(by['/hidden/']).toMatchObject({ included: false, indexed: false });
    expect(by['/blog/kora/']).toMatchObject({ included: true, kind: 'post' });
    expect(by['/offers/']).toMatchObject({ included: true, priority: 0.4, changefreq: 'monthly', kind: 'custom' });
  });
});
