import { expect, test, watchCsp, type Page } from './fixtures';
import { axeFindings } from './helpers';

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

/**
 * One tab for every page's analysis, kept for the worker (#28: npm test's time). Chromium compiles axe's 650 KB
 * once in a tab's process and then reuses the code, where a new tab for each page compiled it again: about 1 s of
 * the 4 s each page took here. The tab is the desktop project's browser, with reduced motion: reveal transitions
 * fade text in, and axe would judge the contrast of a half-faded heading; reduced motion shows every page in its
 * final state at once (and is itself a mode the pages must support). Its policy violations are checked per test,
 * as the fixtures check every other test's.
 */
const pageTest = test.extend<object, { axeTab: { page: Page; csp: string[] } }>({
  axeTab: [
    async ({ browser }, use, { project }) => {
      const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, baseURL } = project.use;
      const context = await browser.newContext({
        viewport,
        userAgent,
        deviceScaleFactor,
        isMobile,
        hasTouch,
        baseURL,
        reducedMotion: 'reduce',
      });
      const page = await context.newPage();
      await use({ page, csp: await watchCsp(page) });
      await context.close();
    },
    { scope: 'worker' },
  ],
  // The shared tab's violations since this test began, instead of a tab of the test's own that it would not use.
  // (Still automatic, as the fixture it overrides is.)
  cspViolations: async ({ axeTab: { csp } }, use) => {
    csp.length = 0;
    await use(csp);
    expect(csp, 'Content-Security-Policy violations').toEqual([]);
  },
});

for (const path of PAGES) {
  pageTest(`${path} has no WCAG 2.2 A/AA violations`, async ({ axeTab: { page } }) => {
    await page.goto(path);
    expect(await axeFindings(page)).toEqual([]);
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
