import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';

/** Every kind of public page: no WCAG 2.2 A/AA violation that axe can find (D19). */
const PAGES = [
  '/',
  '/about/',
  '/accommodation/',
  '/experience/',
  '/gallery/',
  '/contact/',
  '/thank-you/',
  '/location/',
  '/location/directions/',
  '/privacy/',
  '/terms/',
  '/no-such-page/',
  '/blog/',
  '/blog/walking-the-kora-at-dawn/',
  '/reviews/',
  '/boudha-cafe-de-mandala/',
  '/sitemap/',
];

// Reveal transitions fade text in; axe would judge the contrast of a half-faded heading. Reduced motion shows
// every page in its final state at once (and is itself a mode the pages must support).
test.use({ reducedMotion: 'reduce' });

for (const path of PAGES) {
  test(`${path} has no WCAG 2.2 A/AA violations`, async ({ page }) => {
    await page.goto(path);
    const { violations } = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
  });
}

test('every image has width, height and alt', async ({ page }) => {
  for (const path of PAGES) {
    await page.goto(path);
    const bad = await page
      .locator('img')
      .evaluateAll((imgs) =>
        imgs
          .filter((i) => !i.getAttribute('width') || !i.getAttribute('height') || i.getAttribute('alt') === null)
          .map((i) => i.outerHTML),
      );
    expect(bad, path).toEqual([]);
  }
});
