/**
 * The Pages tab's pure parts: what a converted static page starts with (D20, the page's HTML as markdown), the
 * page form's rules (title required, the slug rule, the address made whole and kept off built-in routes), and the
 * count line.
 */
import { describe, expect, it } from 'vitest';
import { pageHtmlToMarkdown } from '../../src/admin/features/pages/static-page-markdown';
import {
  TITLE_REQUIRED,
  addressProblem,
  convertible,
  normaliseAddress,
  pageInputSchema,
  pageSlug,
  pageToSave,
  blankPage,
} from '../../src/admin/features/pages/page-input-schema';
import { pagesTotal } from '../../src/admin/features/pages/PagesTab';

const PAGE = `<!doctype html><html><head><title>About Us | Hotel</title>
<meta name="description" content="A small hotel by the stupa."></head><body>
<nav><a href="/">Home</a></nav>
<main>
  <section><picture><img src="/_astro/hero.abc123.webp" alt="The stupa"></picture>
  <h1>Our <em>Story</em></h1><p>We opened in <strong>2015</strong>.</p></section>
  <section><h2>Who stays</h2><ul><li>Pilgrims</li><li>Nomads</li></ul>
  <svg aria-hidden="true"><path d=""/></svg><span class="sr-only">hidden</span>
  <p>See <a href="/experience/">experiences</a>.</p>
  <img src="/images/rooms/deluxe.jpg" alt="Deluxe room">
  <form><label>Email <input name="email"></label><button>Subscribe</button></form>
  <script>alert(1)</script></section>
</main><footer>Footer text</footer></body></html>`;

describe('a static page converted to markdown (D20)', () => {
  const start = pageHtmlToMarkdown(PAGE, 'About Us');

  it("takes the first heading as the title and the page's main text as markdown", () => {
    expect(start.title).toBe('Our Story');
    expect(start.content).toContain('We opened in **2015**.');
    expect(start.content).toContain('## Who stays');
    expect(start.content).toMatch(/^- {1,3}Pilgrims$/m);
    expect(start.content).toContain('[experiences](/experience/)');
    expect(start.content).toContain('![Deluxe room](/images/rooms/deluxe.jpg)');
    expect(start.metaDescription).toBe('A small hotel by the stupa.');
    // The page's title as served, the hotel's name with it, for the SEO title (#31).
    expect(start.metaTitle).toBe('About Us | Hotel');
  });

  it('leaves out the heading it took, built images, forms, scripts, icons, navigation and the footer', () => {
    expect(start.content).not.toContain('# Our');
    for (const gone of ['/_astro/', 'Subscribe', 'Email', 'alert', 'hidden', 'Home', 'Footer text'])
      expect(start.content).not.toContain(gone);
  });

  it('falls back to the given title when the page has no heading', () => {
    expect(pageHtmlToMarkdown('<main><p>Text</p></main>', 'Gallery').title).toBe('Gallery');
  });
});

describe('the page form', () => {
  const parse = (values: Partial<ReturnType<typeof blankPage>>) =>
    pageInputSchema.safeParse({ ...blankPage(), ...values });
  const messages = (values: Partial<ReturnType<typeof blankPage>>) => {
    const r = parse(values);
    return r.success ? [] : r.error.issues.map((i) => i.message);
  };

  it("requires a title: 'Title is required'", () => {
    expect(messages({ title: '   ' })).toContain(TITLE_REQUIRED);
    expect(messages({ title: 'Monsoon Retreats' })).toEqual([]);
  });

  it("makes slugs by the spec's rule", () => {
    expect(pageSlug('  Monsoon Retreat -- Packages! ')).toBe('monsoon-retreat-packages');
    expect(messages({ title: 'x', slug: 'Not A Slug' })).toEqual([
      'The URL slug may hold only lower-case letters a–z, digits and single hyphens',
    ]);
    // Without a Page URL the slug is the address: a built-in one is refused (#26: slug `admin` used to pass).
    expect(messages({ title: 'x', slug: 'admin', custom_url: '' })).toEqual([
      '/admin/ belongs to a page built into the site; choose another URL',
    ]);
    expect(messages({ title: 'x', slug: 'admin', custom_url: '/staff-room/' })).toEqual([]);
  });

  it('adds the slashes an address needs, and refuses what the database or the site cannot take', () => {
    expect(normaliseAddress('monsoon')).toBe('/monsoon/');
    expect(normaliseAddress('/retreats/monsoon')).toBe('/retreats/monsoon/');
    expect(normaliseAddress('  ')).toBe('');
    const r = parse({ title: 'x', custom_url: 'Monsoon' });
    expect(r.success && r.data.custom_url).toBe('/monsoon/');
    expect(addressProblem('/about/')).toBeNull();
    expect(addressProblem('/blog/my-page/')).toBe(
      '/blog/my-page/ belongs to a page built into the site; choose another URL',
    );
    expect(addressProblem('/admin/')).toMatch(/built into the site/);
    expect(addressProblem('/../menu/')).toMatch(/is not a page address/);
    expect(addressProblem('/sitemap.xml/')).toMatch(/is not a page address/);
    expect(addressProblem('/a b/')).toMatch(/^The page URL may hold only/);
    expect(messages({ title: 'x', custom_url: '/thank-you/' })).toEqual([
      '/thank-you/ belongs to a page built into the site; choose another URL',
    ]);
  });

  it('lets a stored page replace the built-in pages of the Content List, but not the home page', () => {
    expect(
      [
        '/about/',
        '/accommodation/',
        '/experience/',
        '/gallery/',
        '/booking/',
        '/contact/',
        '/location/',
        '/blog/',
      ].every(convertible),
    ).toBe(true);
    expect(convertible('/')).toBe(false);
    expect(convertible('/privacy/')).toBe(false);
  });

  it('saves one title and description for both name sets the build reads (D8)', () => {
    const r = pageInputSchema.parse({
      ...blankPage(),
      title: 'Monsoon',
      seo: { ...blankPage().seo, meta_title: 'Monsoon retreats', meta_description: 'Rainy season stays' },
    });
    const row = pageToSave(r);
    expect(row).toMatchObject({
      slug: 'monsoon',
      custom_url: null,
      is_published: false,
      meta_title: 'Monsoon retreats',
      seo_title: 'Monsoon retreats',
      seo_description: 'Rainy season stays',
    });
  });
});

it("counts the pages as the spec words it: 'N pages total (x static, y dynamic)'", () => {
  expect(pagesTotal(9, 2)).toBe('11 pages total (9 static, 2 dynamic)');
});
