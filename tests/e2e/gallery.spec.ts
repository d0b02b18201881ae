import { expect, test } from './fixtures';
import { islandsReady } from './helpers';

const FILTERS: Array<[string, string | null]> = [
  ['Rooms & Suites', 'rooms'],
  ['Facilities', 'facilities'],
  ['Dining', 'dining'],
  ['Wellness', 'wellness'],
  ['Location', 'location'],
  ['All Photos', null],
];

test('the gallery filter shows only the chosen category, all by default', async ({ page }) => {
  await page.goto('/gallery/');
  await islandsReady(page);
  const figures = page.locator('#gallery-grid figure');
  await expect(figures).toHaveCount(12);
  await expect(page.getByRole('button', { name: 'All Photos' })).toHaveAttribute('aria-pressed', 'true');
  for (const [label, category] of FILTERS) {
    await page.getByRole('button', { name: label, exact: true }).click();
    await expect(page.getByRole('button', { name: label, exact: true })).toHaveAttribute('aria-pressed', 'true');
    const visible = page.locator('#gallery-grid figure:visible');
    if (category === null) {
      await expect(visible).toHaveCount(12);
    } else {
      const expected = await page.locator(`#gallery-grid figure[data-category="${category}"]`).count();
      expect(expected).toBeGreaterThan(0);
      await expect(visible).toHaveCount(expected);
      for (const fig of await visible.all()) await expect(fig).toHaveAttribute('data-category', category);
    }
  }
});

test('captions show on hover and on keyboard focus', async ({ page }) => {
  await page.goto('/gallery/');
  const first = page.locator('#gallery-grid figure').first();
  const caption = first.locator('figcaption');
  const opacity = () => caption.evaluate((el) => Number(getComputedStyle(el).opacity));
  await page.mouse.move(0, 0);
  await expect.poll(opacity).toBeLessThan(0.1);
  await first.hover();
  await expect.poll(opacity).toBeGreaterThan(0.99);
  await page.mouse.move(0, 0);
  await expect.poll(opacity).toBeLessThan(0.1);
  await first.focus();
  await expect.poll(opacity).toBeGreaterThan(0.99);
});

test('without scripts every photo shows', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/gallery/');
  await expect(page.locator('#gallery-grid figure:visible')).toHaveCount(12);
  await context.close();
});
