/**
 * The three SEO tabs' pure parts: the schema templates (JSON-LD from the contact details), the Global SEO form's
 * rules (the IDs' shapes, a pasted verification tag), the Sitemap tab's custom URLs (only pages the site serves) and
 * list, and the favicon's rules (a square PNG or JPG, said alike by its guidance and its drop area).
 */
import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from 'sonner';
import { createQueryClient } from '../../src/admin/lib/query-client';
import { FaviconForm } from '../../src/admin/features/seo/FaviconForm';
import { FAVICON, faviconSizeProblem } from '../../src/admin/lib/image-rules';
import { uploadImage } from '../../src/admin/data/storage/upload-image-mutation';
import { SCHEMA_TEMPLATES, schemaTemplate } from '../../src/admin/features/page-seo/schema-templates';
import {
  GA4_MESSAGE,
  GTM_MESSAGE,
  TWITTER_MESSAGE,
  seoSettingsInputSchema,
  seoSettingsValues,
  verificationToken,
} from '../../src/admin/features/seo/seo-settings-input-schema';
import { customSitemapUrl, customUrlTooLong, unservedUrl } from '../../src/admin/features/sitemap/sitemap-rules';
import { liveAddresses } from '../../src/admin/lib/live-addresses';
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

  it('takes a full URL of the site’s address or of the admin’s, reduced to its path', () => {
    const origins = ['https://boudhamandala.example', 'http://localhost:4321'];
    expect(customSitemapUrl('https://boudhamandala.example/about', origins)).toBe('/about/');
    expect(customSitemapUrl('http://localhost:4321/gallery/', origins)).toBe('/gallery/');
    expect(customSitemapUrl('https://elsewhere.example/about/', origins)).toBeNull();
  });

  it('says the limit of an over-long custom URL (2,000 characters, as the database)', () => {
    expect(customUrlTooLong(`/${'x'.repeat(2000)}`)).toBe('The custom URL is too long (at most 2,000 characters)');
    expect(customUrlTooLong(`/${'x'.repeat(1999)}`)).toBeNull();
  });

  it('refuses a custom URL the site does not serve, naming it (#31)', () => {
    const live = liveAddresses(
      [
        { title: 'Monsoon retreats', slug: 'monsoon', custom_url: '/offers/monsoon/', is_published: true },
        { title: 'Winter', slug: 'winter', custom_url: null, is_published: false },
      ],
      [
        { title: 'Kora', slug: 'kora', is_published: true, published_date: null },
        { title: 'Losar', slug: 'losar', is_published: true, published_date: '2999-01-01T00:00:00Z' },
        { title: 'Draft', slug: 'draft', is_published: false, published_date: null },
      ],
    );
    // What the site serves: built-in pages (in the sitemap by default or not), published pages, live posts.
    for (const path of ['/location/', '/boudha-cafe-de-mandala/', '/offers/monsoon/', '/blog/kora/'])
      expect(unservedUrl(path, live), path).toBeNull();
    // A draft, a scheduled post, a page nobody made: 404s, so never in the sitemap.
    for (const path of ['/winter/', '/blog/losar/', '/blog/draft/', '/offers/nothing-here/']) {
      const problem = unservedUrl(path, live);
      expect(problem?.title, path).toBe(`${path} is not a page of this site`);
      expect(problem?.description).toMatch(/^The sitemap lists only pages guests can open/);
    }
  });

  it('counts the blog list’s later pages as served, twelve posts a page', () => {
    const posts = Array.from({ length: 13 }, (_, i) => ({
      title: `Post ${i}`,
      slug: `post-${i}`,
      is_published: true,
      published_date: null,
    }));
    expect(unservedUrl('/blog/page/2/', liveAddresses([], posts))).toBeNull();
    expect(unservedUrl('/blog/page/3/', liveAddresses([], posts))).not.toBeNull();
    expect(unservedUrl('/blog/page/2/', liveAddresses([], posts.slice(0, 12)))).not.toBeNull();
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

/** The header of a PNG of this size: enough for image-dimensions, which reads the IHDR chunk. */
function pngHeader(width: number, height: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(33);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  bytes.set([8, 6, 0, 0, 0], 24);
  return bytes;
}

describe('the favicon (#31)', () => {
  function renderForm() {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <Toaster />
        <FaviconForm row={null} hotelName="Boudha Mandala Hotel" />
      </QueryClientProvider>,
    );
    return screen.getByRole('form', { name: 'Favicon' });
  }

  it('says the same in its guidance and its drop area: a square PNG or JPG up to 10MB', () => {
    const form = renderForm();
    const guidance = within(form).getByText('Guidelines').parentElement!.textContent!;
    const drop = within(form).getByRole('button', { name: /Click to upload or drop an image here/ }).textContent!;
    expect(drop).toContain(FAVICON.accepts);
    for (const said of ['PNG or JPG', 'square', '10MB']) {
      expect(drop.toLowerCase(), said).toContain(said.toLowerCase());
      expect(guidance.toLowerCase(), said).toContain(said.toLowerCase());
    }
    expect(drop).not.toMatch(/WebP|GIF/);
    expect(within(form).getByLabelText('Upload Favicon').getAttribute('accept')).toBe('image/png,image/jpeg');
  });

  it('refuses another format before uploading it', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const user = userEvent.setup({ applyAccept: false });
    const form = renderForm();
    await user.upload(
      within(form).getByLabelText('Upload Favicon'),
      new File([new Uint8Array(10)], 'mark.webp', { type: 'image/webp' }),
    );
    expect(await screen.findByText(FAVICON.notType)).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });

  it('refuses an image that is not square, saying its size; other uploads may have any shape', async () => {
    expect(faviconSizeProblem({ width: 512, height: 512 })).toBeNull();
    expect(faviconSizeProblem({ width: 1200, height: 630 })).toBe(
      'This image is 1,200 × 630 pixels, not square. A favicon must be square (the same width and height); please crop it and upload it again.',
    );
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const wide = new File([pngHeader(64, 32)], 'mark.png', { type: 'image/png' });
    await expect(uploadImage(wide, 'favicon')).rejects.toThrow(
      'This image is 64 × 32 pixels, not square. A favicon must be square',
    );
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });
});
