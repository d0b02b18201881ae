import { expect, test } from './fixtures';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { bookingUrl } from './helpers';

test.describe('layout', () => {
  test('navigation moves between pages and highlights the current link', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    for (const [label, url] of [
      ['Accommodation', '/accommodation/'],
      ['Experience', '/experience/'],
      ['About', '/about/'],
      ['Contact', '/contact/'],
    ] as const) {
      await nav.getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(url);
      await expect(
        page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label, exact: true }),
      ).toHaveAttribute('aria-current', 'page');
      await expect(
        page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }),
      ).not.toHaveAttribute('aria-current', 'page');
    }
  });

  test('Book Now opens the booking URL from contact_details in a new tab', async ({ page, context }) => {
    await page.goto('/about/');
    const expected = await bookingUrl();
    const link = page.getByRole('banner').getByRole('link', { name: /Book Now/ });
    await expect(link).toHaveAttribute('href', expected);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);
    // The booking host is a reserved .example domain: stop the new tab before it leaves the machine.
    await context.route('**/*.example/**', (route) => route.fulfill({ status: 200, body: 'booking engine' }));
    const [popup] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await expect(popup).toHaveURL(expected);
  });

  test('the footer shows the hotel contact details and its link groups', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: /^\+977/ })).toHaveAttribute('href', /^tel:\+977/);
    await expect(footer.getByRole('link', { name: 'stay@boudhamandala.example' })).toHaveAttribute(
      'href',
      'mailto:stay@boudhamandala.example',
    );
    for (const href of [
      '/accommodation/',
      '/gallery/',
      '/blog/',
      '/about/',
      '/location/',
      '/contact/',
      '/privacy/',
      '/terms/',
    ]) {
      await expect(footer.locator(`a[href="${href}"]`)).toHaveCount(1);
    }
  });

  test('content that reveals on scroll is visible without scripts', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/contact/');
    const revealed = page.locator('[data-reveal]').first();
    await expect(revealed).toBeVisible();
    expect(await revealed.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    await context.close();
  });

  test('content that reveals on scroll is visible with reduced motion', async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto('/contact/');
    const items = page.locator('[data-reveal]');
    // The page has revealing content; a page without any would prove nothing here.
    expect(await items.count()).toBeGreaterThan(0);
    for (let i = 0; i < (await items.count()); i++) {
      expect(await items.nth(i).evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    }
    await context.close();
  });

  test('elements reveal once when scrolled into view', async ({ page }) => {
    await page.goto('/contact/');
    const card = page.locator('[data-reveal]').last();
    await expect(card).not.toHaveClass(/revealed/);
    await card.scrollIntoViewIfNeeded();
    await expect(card).toHaveClass(/revealed/);
  });

  test('the build emits the routing rules of D5 into _redirects', async () => {
    const rules = await readFile(path.join(process.env.E2E_DIST!, '_redirects'), 'utf8');
    for (const line of [
      '/index  /  301',
      '/index.html  /  301',
      '/home  /  301',
      '/sitemap.html  /sitemap/  301',
      '/about  /about/  301',
    ]) {
      expect(rules).toContain(line);
    }
  });
});

test.describe('mobile drawer @phone', () => {
  test.skip(({ isMobile }) => !isMobile, 'phone viewport only');

  test('opens, traps focus, closes on Escape and on a link', async ({ page }) => {
    await page.goto('/');
    const open = page.getByRole('button', { name: 'Open menu' });
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' })).toBeHidden();
    await open.click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    await expect(open).toHaveAttribute('aria-expanded', 'true');
    // Focus stays inside: tabbing past the last control comes back to the first.
    const count = await drawer.locator('a[href], button').count();
    for (let i = 0; i < count + 2; i++) await page.keyboard.press('Tab');
    expect(await drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(open).toBeFocused();

    await open.click();
    await drawer.getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL('/about/');
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
  });

  test('closes when Book Now is chosen', async ({ page, context }) => {
    await context.route('**/*.example/**', (route) => route.fulfill({ status: 200, body: 'booking engine' }));
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await Promise.all([context.waitForEvent('page'), drawer.getByRole('link', { name: /Book Now/ }).click()]);
    await expect(drawer).toBeHidden();
  });
});

test('an unknown path answers 404 with the 404 page and its three actions', async ({ page }) => {
  const response = await page.goto('/no-such-page/');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
  await expect(page.getByRole('link', { name: 'Go back home' })).toHaveAttribute('href', '/');
  await expect(page.getByRole('link', { name: 'Visit Blog' })).toHaveAttribute('href', '/blog/');
  await page.goto('/about/');
  await page.goto('/still-missing/');
  await page.getByRole('button', { name: 'Go Back' }).click();
  await expect(page).toHaveURL('/about/');
});
