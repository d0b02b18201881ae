/**
 * The admin on a phone (#31): every tab at 390 px wide with nothing wider than the screen and no WCAG 2.2 A/AA
 * violation axe can find, at 1280 px nothing wider either (axe at that width: tests/e2e/admin.spec.ts); and an editor that opens (Add New Page, a post's Edit) starts below
 * the publish bar that stays at the top, not under it.
 */
import { expect, test, type Page } from './fixtures';
import { axeFindings, overflow, publishedSite, serviceClient, signInAdmin, staffUser } from './helpers';

let base = '';
let admin: { email: string; password: string };

const TABS = [
  'Content List',
  'Pages',
  'Blog Posts',
  'Reviews',
  'Categories',
  'Contact Info',
  'Submissions',
  'Page SEO',
  'Sitemap',
  'Redirects',
  'SEO & Favicon',
  'Activity',
  'Site health',
];

test.beforeAll(async () => {
  test.setTimeout(120_000);
  base = await publishedSite();
  admin = await staffUser('admin');
});

test.use({ reducedMotion: 'reduce' });

// At 1280 px, axe runs on every tab in tests/e2e/admin.spec.ts (Desktop Chrome is 1280 wide); here only the width is
// checked, so that npm test does not run the same thirteen analyses twice (#28).
for (const [width, withAxe] of [
  [390, true],
  [1280, false],
] as const) {
  const title = `every admin tab at ${width} px: nothing wider than the screen${withAxe ? ', no axe violation' : ''}`;
  test(title, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 844 });
    await signInAdmin(page, base, admin, '#content');
    for (const name of TABS) {
      await page.getByRole('tab', { name, exact: false }).first().click();
      await expect(page.getByRole('tabpanel').first()).toBeVisible();
      // Let the tab's data arrive (its spinner gone).
      await expect(page.getByRole('status', { name: /loading/i })).toHaveCount(0);
      expect(await overflow(page), `${name} at ${width} px`).toEqual({ scrolls: false, wide: [] });
      if (withAxe) expect(await axeFindings(page), `${name} at ${width} px`).toEqual([]);
    }
  });
}

test('an editor opened on a phone starts below the publish bar, not under it', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const { data: post } = await serviceClient()
    .from('blog_posts')
    .insert({ title: `Phone edit ${Date.now()}`, slug: `phone-edit-${Date.now()}`, content: 'Text.' })
    .select('id')
    .single();
  await signInAdmin(page, base, admin, '#pages');
  const bar = page.locator('[data-build-status]');
  const below = async (heading: ReturnType<Page['getByRole']>) => {
    await expect(heading).toBeVisible();
    // The tab scrolls the editor into view once it is there: wait until the page has scrolled and come to rest.
    let last = -1;
    await expect
      .poll(async () => {
        const y = await page.evaluate(() => window.scrollY);
        const settled = y > 0 && y === last;
        last = y;
        return settled;
      })
      .toBe(true);
    const top = (await heading.boundingBox())!.y;
    const bottom = await bar.evaluate((el) => el.getBoundingClientRect().bottom);
    expect(top, 'the heading is below the publish bar').toBeGreaterThanOrEqual(bottom);
  };
  await page.getByRole('button', { name: 'Add New Page' }).click();
  await below(page.getByRole('heading', { name: 'Create New Page' }));
  await page.goto(`${base}/admin/#blog/${post!.id}`);
  await below(page.getByRole('heading', { name: /^Edit Blog Post: Phone edit/ }));
});
