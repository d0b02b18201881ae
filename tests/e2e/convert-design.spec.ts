/**
 * #31: a converted built-in page keeps its design. /about/ is screenshotted at 390 and 1280 px as the built-in page,
 * converted in the admin (its typed sections, src/lib/sections/built-in.ts), published unchanged, and screenshotted
 * again: the two must not differ by one pixel, and the page keeps its title and description. Then one section is
 * edited through its form (the Sections tab) and the change is live. The screenshots are kept in
 * test-results/convert-design/ for the closing note.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { axeClean, buildLive, overflow, publishedSite, serviceClient, signInAdmin, staffUser, toast } from './helpers';

let base = '';
let admin: { email: string; password: string };
const OUT = 'test-results/convert-design';
const WIDTHS = [390, 1280] as const;

test.beforeAll(async () => {
  base = await publishedSite();
  admin = await staffUser('admin');
  mkdirSync(OUT, { recursive: true });
});

/** Removes any stored page at /about/ (a draft another test left), so About can be converted again. */
async function dropStoredAbout() {
  const { error } = await serviceClient().from('pages').delete().eq('custom_url', '/about/');
  if (error) throw error;
}

/**
 * A full-page screenshot of /about/ at `width`, in a fresh context: with a cache shared between widths, Chromium
 * shows a phone the larger copy it already has, and the two shots would differ for that alone.
 */
async function shoot(browser: Browser, width: number, name: string) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: 'reduce' });
  try {
    const page = await context.newPage();
    await page.goto(`${base}/about/`);
    await page.waitForLoadState('networkidle');
    // Every picture loaded (lazy ones too), then back to the top.
    await page.evaluate(async () => {
      for (const img of document.images) img.loading = 'eager';
      await Promise.all([...document.images].map((img) => img.decode().catch(() => {})));
      window.scrollTo(0, 0);
    });
    // The hero's heading is balanced: its class reached the stylesheet (Tailwind finds classes by scanning the
    // source, and a class glued to a template expression is not found).
    expect(await page.locator('h1').evaluate((h) => getComputedStyle(h).textWrapStyle)).toBe('balance');
    const png = await page.screenshot({ fullPage: true, animations: 'disabled' });
    writeFileSync(`${OUT}/${name}-${width}.png`, png);
    return png;
  } finally {
    await context.close();
  }
}

/** The number of pixels that differ between two PNGs (any size difference counts as every pixel). */
async function differingPixels(page: Page, a: Buffer, b: Buffer) {
  return page.evaluate(
    async ([x, y]) => {
      const load = async (b64: string) => {
        const img = new Image();
        img.src = `data:image/png;base64,${b64}`;
        await img.decode();
        const c = new OffscreenCanvas(img.width, img.height);
        const ctx = c.getContext('2d')!;
        ctx.drawImage(img, 0, 0);
        return { w: img.width, h: img.height, d: ctx.getImageData(0, 0, img.width, img.height).data };
      };
      const [p, q] = [await load(x), await load(y)];
      if (p.w !== q.w || p.h !== q.h) return Math.max(p.w * p.h, q.w * q.h);
      let n = 0;
      for (let i = 0; i < p.d.length; i += 4)
        if (p.d[i] !== q.d[i] || p.d[i + 1] !== q.d[i + 1] || p.d[i + 2] !== q.d[i + 2]) n++;
      return n;
    },
    [a.toString('base64'), b.toString('base64')] as const,
  );
}

const head = (html: string) => ({
  title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
  description: /<meta name="description" content="([^"]*)"/.exec(html)?.[1],
});

test('a converted About page, published unchanged, looks exactly like the built-in one (#31)', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  await dropStoredAbout();
  const builtIn = await (await fetch(`${base}/about/`)).text();
  const before: Record<number, Buffer> = {};
  for (const w of WIDTHS) before[w] = await shoot(browser, w, 'built-in');

  try {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInAdmin(page, base, admin, '#pages');
    await page.getByRole('button', { name: 'Convert About Us' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Convert' }).click();
    await toast(page, 'Page converted to editable format');
    const editor = page.getByRole('form', { name: 'Page' });
    // Its head is the built-in page's, the hotel's name in the title.
    await editor.getByRole('tab', { name: 'SEO & Settings' }).click();
    await expect(editor.getByLabel('SEO Title')).toHaveValue(head(builtIn).title!);
    // Its sections are typed, each with its own form.
    await editor.getByRole('tab', { name: 'Sections', exact: true }).click();
    const sections = editor.getByRole('listitem', { name: /^Section \d+:/ });
    await expect(sections).toHaveCount(7);
    await expect(sections.nth(0)).toContainText('Hero');
    await expect(sections.nth(5).getByLabel('Name', { exact: true }).first()).toHaveValue('Pema');
    await axeClean(page, 'the Sections tab of a converted page');
    // On a phone too: the forms fit the screen (nothing scrolls sideways) and axe finds nothing.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => overflow(page)).toEqual({ scrolls: false, wide: [] });
    await axeClean(page, 'the Sections tab of a converted page at 390 px');
    await sections.nth(2).screenshot({ path: `${OUT}/sections-tab-cards-390.png` });
    await page.setViewportSize({ width: 1280, height: 900 });
    await sections.nth(2).screenshot({ path: `${OUT}/sections-tab-cards-1280.png` });
    // The preview shows the page's own hero.
    const preview = page.getByRole('region', { name: 'Live preview' });
    await expect(preview.getByRole('heading', { level: 1, name: 'A Home Beside the Great Stupa' })).toBeVisible();

    await editor.getByRole('switch', { name: 'Published' }).click();
    await editor.getByRole('button', { name: 'Update Page' }).click();
    await toast(page, 'Page updated successfully');
    await buildLive(page);

    const converted = await (await fetch(`${base}/about/`)).text();
    expect(head(converted)).toEqual(head(builtIn));
    const main = (html: string) => /<main[^>]*>([\s\S]*)<\/main>/.exec(html)?.[1];
    expect(main(converted), 'the same markup in <main>').toBe(main(builtIn));
    for (const w of WIDTHS) {
      const after = await shoot(browser, w, 'converted');
      expect(await differingPixels(page, before[w], after), `pixels that differ at ${w} px`).toBe(0);
    }

    // An edit through a section's form goes live: the team's first person renamed.
    await editor.getByRole('tab', { name: 'Sections', exact: true }).click();
    await sections.nth(5).getByLabel('Name', { exact: true }).first().fill('Tenzin');
    await editor.getByRole('button', { name: 'Update Page' }).click();
    await toast(page, 'Page updated successfully');
    await buildLive(page);
    const edited = await (await fetch(`${base}/about/`)).text();
    expect(edited).toContain('>Tenzin</h3>');
    expect(edited).not.toContain('>Pema</h3>');
  } finally {
    await dropStoredAbout();
  }
});

test('Experience and Accommodation, converted and published unchanged, serve the same page (#31)', async ({ page }) => {
  test.setTimeout(300_000);
  const pages = [
    { path: '/experience/', title: 'Experience' },
    { path: '/accommodation/', title: 'Accommodation' },
  ];
  const drop = async () => {
    const { error } = await serviceClient()
      .from('pages')
      .delete()
      .in(
        'custom_url',
        pages.map((p) => p.path),
      );
    if (error) throw error;
  };
  await drop();
  const builtIn = Object.fromEntries(
    await Promise.all(pages.map(async (p) => [p.path, await (await fetch(`${base}${p.path}`)).text()] as const)),
  );
  try {
    await signInAdmin(page, base, admin, '#pages');
    const editor = page.getByRole('form', { name: 'Page' });
    for (const p of pages) {
      await page.goto(`${base}/admin/#pages`);
      await page.getByRole('button', { name: `Convert ${p.title}`, exact: true }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Convert' }).click();
      await toast(page, 'Page converted to editable format');
      await editor.getByRole('switch', { name: 'Published' }).click();
      await editor.getByRole('button', { name: 'Update Page' }).click();
      await toast(page, 'Page updated successfully');
    }
    await buildLive(page);
    const main = (html: string) => /<main[^>]*>([\s\S]*)<\/main>/.exec(html)?.[1];
    for (const p of pages) {
      const converted = await (await fetch(`${base}${p.path}`)).text();
      expect(head(converted), p.path).toEqual(head(builtIn[p.path]));
      expect(main(converted), `${p.path}: the same markup in <main>`).toBe(main(builtIn[p.path]));
    }
  } finally {
    await drop();
  }
});
