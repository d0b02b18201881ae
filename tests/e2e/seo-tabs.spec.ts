/**
 * The three SEO tabs as staff use them, against the stack, publisher and site server as npm start runs them:
 * Page SEO (the home page's title and share image in the built head; each schema template as valid JSON-LD on its
 * page), SEO & Favicon (a GA4 tag only once an ID is set; a favicon that is not square refused; an uploaded favicon
 * linked from every page, in the sizes the build makes, and in the web manifest), and Sitemap (a page excluded, a
 * custom URL the site does not serve refused and one it serves added, in /sitemap.xml and /sitemap/ once generated).
 * Every validation message; axe on each tab. What the tests change is put back.
 */
import sharp from 'sharp';
import { expect, test } from './fixtures';
import { axeClean, buildLive, publishedSite, serviceClient, signInAdmin, staffUser, toast } from './helpers';

let base = '';
let admin: { email: string; password: string };
const MARK = Date.now().toString(36);
let savedSeo: unknown[] = [];
let savedSettings: unknown[] = [];
/** The seeded custom entry /location/, which the Sitemap test removes and adds again through the tab. */
let savedLocation: unknown[] = [];

test.beforeAll(async () => {
  test.setTimeout(120_000);
  base = await publishedSite();
  admin = await staffUser('admin');
  const db = serviceClient();
  savedSeo = (await db.from('static_page_seo').select()).data ?? [];
  savedSettings = (await db.from('seo_settings').select()).data ?? [];
  savedLocation = (await db.from('sitemap_entries').select().eq('url', '/location/')).data ?? [];
});

test.afterAll(async () => {
  const db = serviceClient();
  await db.from('static_page_seo').delete().not('id', 'is', null);
  if (savedSeo.length) await db.from('static_page_seo').insert(savedSeo as never);
  await db.from('seo_settings').delete().not('id', 'is', null);
  if (savedSettings.length) await db.from('seo_settings').insert(savedSettings as never);
  await db.from('sitemap_entries').delete().in('url', ['/gallery/', '/location/']);
  if (savedLocation.length) await db.from('sitemap_entries').insert(savedLocation as never);
});

const html = async (path: string) => (await fetch(`${base}${path}`)).text();
const jsonLd = (page: string) =>
  [...page.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]));

const png = (color: string, size = 64) =>
  sharp({ create: { width: size, height: size, channels: 4, background: color } })
    .png()
    .toBuffer();

test("Page SEO: the home page's title and share image, and each schema template, in the built pages", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signInAdmin(page, base, admin, '#page-seo');
  // Without a route, the home page's editor; each of the spec's eight routes is listed with its title.
  await expect(page.getByRole('heading', { name: 'Homepage (/)' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Pages with SEO settings' });
  for (const title of [
    'Homepage',
    'About Us',
    'Accommodation',
    'Experience',
    'Gallery',
    'Contact Us',
    'Blog',
    'Reviews',
  ])
    await expect(nav.getByText(title, { exact: true })).toBeVisible();
  await axeClean(page, 'Page SEO');

  const form = page.getByRole('form', { name: 'SEO of Homepage' });
  const title = `Boudha Mandala Hotel ${MARK} | Stay by the Stupa`;
  await form.getByLabel('SEO Title').fill(title);
  await expect(form.getByText(`${title.length}/60 characters`)).toBeVisible();
  const preview = page.getByRole('region', { name: 'Search result preview' });
  await expect(preview).toContainText(title);
  await form.getByLabel('Upload Open Graph Image').setInputFiles({
    name: 'share.png',
    mimeType: 'image/png',
    buffer: await png('#9a3412', 1200),
  });
  await toast(page, 'Image uploaded successfully');
  await expect(page.getByRole('region', { name: 'Social card preview' }).locator('img')).toHaveAttribute(
    'src',
    /\/storage\/v1\/object\/public\/blog-images\/seo\//,
  );

  // The schema markup must parse before it saves; a template fills it.
  await form.getByLabel('Schema Markup (JSON-LD)').fill('{"@type": ');
  await form.getByRole('button', { name: 'Save SEO Settings' }).click();
  await toast(page, /^Schema markup must be valid JSON/);
  await form.getByRole('button', { name: 'Hotel' }).click();
  expect(JSON.parse(await form.getByLabel('Schema Markup (JSON-LD)').inputValue())).toMatchObject({
    '@type': 'Hotel',
    starRating: { ratingValue: '4' },
  });
  await form.getByRole('button', { name: 'Save SEO Settings' }).click();
  await toast(page, 'SEO settings updated successfully');

  // The two other templates on two other pages.
  for (const [route, heading, kind] of [
    ['about/', 'About Us (/about/)', 'Organization'],
    ['gallery/', 'Gallery (/gallery/)', 'WebPage'],
  ] as const) {
    await nav.getByRole('link', { name: new RegExp(`^${heading.split(' (')[0]}`) }).click();
    await expect(page).toHaveURL(new RegExp(`#page-seo/${route}$`));
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    const f = page.getByRole('form', { name: `SEO of ${heading.split(' (')[0]}` });
    await f.getByRole('button', { name: kind }).click();
    await f.getByRole('button', { name: 'Save SEO Settings' }).click();
    await toast(page, 'SEO settings updated successfully');
  }
  await buildLive(page);

  const home = await html('/');
  expect(home).toContain(`<title>${title}</title>`);
  // The uploaded share image is named by its social card, a JPEG copy the build made, never the upload (#28).
  expect(home).toMatch(/<meta property="og:image" content="https?:\/\/[^/"]+\/_uploads\/[0-9a-f]+-\d+\.jpg"/);
  expect(home).not.toMatch(/<meta (property|name)="(og|twitter):image" content="[^"]*\/storage\/v1\//);
  expect(jsonLd(home)).toEqual([expect.objectContaining({ '@type': 'Hotel', starRating: expect.anything() })]);
  expect(jsonLd(await html('/about/'))).toEqual([expect.objectContaining({ '@type': 'Organization' })]);
  expect(jsonLd(await html('/gallery/'))).toEqual([
    expect.objectContaining({ '@type': 'WebPage', url: expect.stringMatching(/\/gallery\/$/) }),
  ]);
});

test('SEO & Favicon: the GA4 tag only once an ID is set; an uploaded favicon on every page', async ({ page }) => {
  test.setTimeout(240_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await html('/')).not.toContain('googletagmanager.com/gtag/js');
  await signInAdmin(page, base, admin, '#seo');
  const form = page.getByRole('form', { name: 'Global SEO' });
  await expect(form.getByRole('group', { name: 'Global Settings' })).toBeVisible();
  await expect(form.getByRole('group', { name: 'Social & Open Graph' })).toBeVisible();
  await expect(form.getByText(/Trusted input: whatever is pasted here/).first()).toBeVisible();
  await axeClean(page, 'Global SEO');

  // The IDs' shapes, said clearly.
  const save = form.getByRole('button', { name: 'Save SEO Settings' });
  await form.getByLabel('GA4 Measurement ID').fill('UA-12345-1');
  await save.click();
  await toast(page, 'A GA4 Measurement ID looks like G-XXXXXXX: G- and 4 to 20 capital letters or digits');
  await form.getByLabel('GA4 Measurement ID').fill(`G-E2E${MARK.toUpperCase()}`);
  await form.getByLabel('Google Tag Manager Container ID').fill('GTM-x');
  await save.click();
  await toast(page, 'A Tag Manager container ID looks like GTM-XXXXXXX: GTM- and 4 to 12 capital letters or digits');
  await form.getByLabel('Google Tag Manager Container ID').fill('');
  await form.getByLabel('Default Schema Markup (JSON-LD)').fill('{"@context": "https://schema.org", "@type": ');
  await save.click();
  await toast(page, 'Default schema markup must be valid JSON');
  await form
    .getByLabel('Default Schema Markup (JSON-LD)')
    .fill(JSON.stringify({ '@context': 'https://schema.org', '@type': 'WebSite', name: `Site ${MARK}` }));
  await form
    .getByLabel('Search Console Verification')
    .fill(`<meta name="google-site-verification" content="v-${MARK}" />`);
  await save.click();
  await toast(page, 'SEO settings updated successfully');

  // The favicon: Save waits for a URL; an upload fills it.
  await page.getByRole('tab', { name: 'Favicon', exact: true }).click();
  await expect(page).toHaveURL(/#seo\/favicon$/);
  const favicon = page.getByRole('form', { name: 'Favicon' });
  await expect(favicon.getByText('Format: PNG or JPG. ICO files are not supported.')).toBeVisible();
  await expect(favicon.getByRole('button', { name: 'Save Favicon' })).toBeDisabled();
  await axeClean(page, 'Favicon');
  // The guidance and the drop area say the same (#31); a favicon that is not square is refused, saying why.
  await expect(favicon.getByText('Square: the same width and height. Other shapes are refused.')).toBeVisible();
  await expect(favicon.getByRole('button', { name: /Click to upload or drop an image here/ })).toContainText(
    'PNG or JPG, square, up to 10MB',
  );
  await favicon.getByLabel('Upload Favicon').setInputFiles({
    name: 'banner.png',
    mimeType: 'image/png',
    buffer: await sharp({ create: { width: 64, height: 32, channels: 4, background: '#6b1d1d' } })
      .png()
      .toBuffer(),
  });
  await toast(page, /^Upload failed: This image is 64 × 32 pixels, not square\. A favicon must be square/);
  await expect(favicon.getByLabel('Favicon URL')).toHaveValue('');
  await expect(favicon.getByRole('button', { name: 'Save Favicon' })).toBeDisabled();
  await favicon.getByLabel('Upload Favicon').setInputFiles({
    name: 'mark.png',
    mimeType: 'image/png',
    buffer: await png('#6b1d1d', 256),
  });
  await toast(page, 'Image uploaded successfully');
  await favicon.getByRole('button', { name: 'Save Favicon' }).click();
  await toast(page, 'Favicon updated successfully! The change will appear on next page refresh.');
  await buildLive(page);
  // The SEO save's build may still have been running when the favicon was saved: the status bar then shows that
  // build live first, and the favicon's own build (queued behind it, D17) follows. Wait for the favicon's.
  await expect
    .poll(async () => /<link rel="icon" href="\/_uploads\//.test(await html('/')), { timeout: 120_000 })
    .toBe(true);

  const home = await html('/');
  expect(home).toContain(`googletagmanager.com/gtag/js?id=G-E2E${MARK.toUpperCase()}`);
  expect(home).toContain(`<meta name="google-site-verification" content="v-${MARK}">`);
  expect(home).not.toContain('googletagmanager.com/gtm.js');
  // The site-wide JSON-LD beside each page's own.
  expect(jsonLd(home).map((d) => d['@type'])).toContain('WebSite');
  expect(jsonLd(await html('/about/')).find((d) => d['@type'] === 'WebSite')).toMatchObject({ name: `Site ${MARK}` });
  for (const path of ['/', '/about/', '/blog/', '/contact/', '/boudha-cafe-de-mandala/', '/reviews/']) {
    const page = await html(path);
    const icon = /<link rel="icon" href="(\/_uploads\/[^"]+-32\.png)" type="image\/png" sizes="32x32">/.exec(page);
    expect(icon, path).not.toBeNull();
    expect(page, path).toMatch(/<link rel="apple-touch-icon" href="\/_uploads\/[^"]+-180\.png">/);
    expect(page, path).toContain('<link rel="manifest" href="/site.webmanifest">');
    const res = await fetch(`${base}${icon![1]}`);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(32);
  }
  const manifest = (await (await fetch(`${base}/site.webmanifest`)).json()) as {
    icons: { src: string; sizes: string }[];
  };
  expect(manifest.icons.map((i) => i.sizes)).toEqual(['192x192', '512x512']);
  expect(manifest.icons.every((i) => i.src.startsWith('/_uploads/'))).toBe(true);
});

test('Sitemap: exclude a page and add a custom URL, generate, and see /sitemap.xml and /sitemap/ change', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  // /location/ is a page the site serves, seeded as a custom entry: taken out first, to be added through the tab.
  await serviceClient().from('sitemap_entries').delete().eq('url', '/location/');
  await signInAdmin(page, base, admin, '#sitemap');
  const row = (url: string) => page.locator(`tr[data-url="${url}"]`);
  await expect(row('/gallery/')).toBeVisible();
  await axeClean(page, 'Sitemap');

  await page.getByLabel('Include /gallery/').uncheck();
  await toast(page, 'Sitemap updated');
  await expect(page.getByLabel('Include /gallery/')).not.toBeChecked();

  // A custom URL: required, a path of this site, the slashes added.
  await page.getByRole('button', { name: 'Add URL' }).click();
  await toast(page, 'Please enter a valid URL');
  await page.getByLabel('Custom URL').fill('/with space/');
  await page.getByRole('button', { name: 'Add URL' }).click();
  await toast(page, 'Please enter a valid URL');
  await page.getByLabel('Custom URL').fill('https://elsewhere.example/about/');
  await page.getByRole('button', { name: 'Add URL' }).click();
  await toast(page, 'Please enter a valid URL');
  // A page the site does not serve would send search engines to a 404: refused, naming it (#31), as a path or as a
  // full URL of the site.
  const missing = `/offers/monsoon-${MARK}/`;
  for (const typed of [`offers/monsoon-${MARK}`, `${base}/offers/monsoon-${MARK}`]) {
    await page.getByLabel('Custom URL').fill(typed);
    await page.getByRole('button', { name: 'Add URL' }).click();
    await toast(page, `${missing} is not a page of this site`);
  }
  await expect(row(missing)).toHaveCount(0);
  // /location/, served and now out of the list: it can be added.
  await page.getByLabel('Custom URL').fill(`${base}/location`);
  await page.getByRole('button', { name: 'Add URL' }).click();
  await toast(page, 'Custom URL added to sitemap');
  const custom = '/location/';
  await expect(row(custom)).toBeVisible();
  await page.getByLabel(`Priority of ${custom}`).selectOption('0.4');
  await toast(page, 'Sitemap updated');

  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Generate Sitemap' }).click();
  await expect(page.getByRole('button', { name: 'Generating...' })).toBeDisabled();
  // Said once the build it asked for is live.
  await expect(page.getByText('Sitemap generated successfully', { exact: true })).toBeVisible({ timeout: 120_000 });
  const opened = await popup;
  await expect(opened).toHaveURL(/\/sitemap\.xml$/);

  const xml = await html('/sitemap.xml');
  expect(xml).not.toContain('/gallery/</loc>');
  expect(xml).toMatch(new RegExp(`${custom}</loc>[\\s\\S]*?<priority>0.4</priority>`));
  // The HTML sitemap's list (the site's navigation links to /gallery/ on every page).
  const htmlMap = /<main\b[\s\S]*<\/main>/.exec(await html('/sitemap/'))![0];
  expect(htmlMap).toContain(custom);
  expect(htmlMap).not.toMatch(/href="\/gallery\/"/);

  // Remove the custom URL and include the page again.
  await row(custom)
    .getByRole('button', { name: `Remove ${custom}` })
    .click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
  await toast(page, 'URL removed from sitemap');
  await expect(row(custom)).toHaveCount(0);
  await page.getByLabel('Include /gallery/').check();
  await expect(page.getByLabel('Include /gallery/')).toBeChecked();
});
