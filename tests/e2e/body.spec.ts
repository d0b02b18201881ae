import { expect, test } from './fixtures';
import { serviceClient } from './helpers';

/**
 * Markdown, blocks and sections are React components (src/components/body) rendered at build time: the pages that
 * show them load no JavaScript file, and each section carries its id for in-place editing.
 */
test.describe('page bodies', () => {
  for (const path of ['/blog/butter-lamps-and-full-moon-nights/', '/boudha-cafe-de-mandala/']) {
    test(`${path} renders its body without loading any JavaScript file`, async ({ page }) => {
      const scripts: string[] = [];
      page.on('request', (r) => {
        if (r.resourceType() === 'script') scripts.push(r.url());
      });
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expect(page.locator('main .post-content')).toHaveCount(1);
      await expect(page.locator('main .post-content')).not.toBeEmpty();
      expect(scripts).toEqual([]);
      await expect(page.locator('script[src], script[type="module"], astro-island')).toHaveCount(0);
    });
  }

  test('the cafe page shows its active sections in order, each with its id', async ({ page }) => {
    const { data } = await serviceClient()
      .from('sections')
      .select('id, is_active, pages!inner(slug)')
      .eq('pages.slug', 'boudha-cafe-de-mandala')
      .order('sort_order');
    const active = data!.filter((s) => s.is_active).map((s) => s.id);
    expect(active.length).toBeGreaterThan(0);
    expect(active.length).toBeLessThan(data!.length);
    await page.goto('/boudha-cafe-de-mandala/');
    const ids = await page.locator('main [data-section-id]').evaluateAll((els) => els.map((e) => e.dataset.sectionId));
    expect(ids).toEqual(active);
  });
});
