import { expect, test } from './fixtures';
import { existsSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { parseAllHeaders } from '@netlify/headers-parser';
import { parseAllRedirects } from '@netlify/redirect-parser';
import { createSiteServer } from '@boudha/publisher/site-server';
import { headersFor, type HeaderRule } from '../../src/lib/host/headers.mjs';
import { matchRedirect, type HostRedirect } from '../../src/lib/host/redirects.mjs';
import { bookingUrl } from './helpers';
import { e2eStack } from '../helpers/env';

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
    const rules = await readFile(path.join(e2eStack().dist, '_redirects'), 'utf8');
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

test('a real build answers through the site server as through the host matcher (#27)', async () => {
  // The build the e2e tests serve, with its own _redirects and _headers, behind a site server that reads them.
  const dist = e2eStack().dist;
  const server = createSiteServer({ root: () => dist });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const { redirects } = await parseAllRedirects({
      redirectsFiles: [path.join(dist, '_redirects')],
      configRedirects: [],
      minimal: false,
    });
    const { headers } = await parseAllHeaders({
      headersFiles: [path.join(dist, '_headers')],
      configHeaders: [],
      minimal: false,
    });
    for (const [request, status, location] of [
      ['/rooms', 301, '/accommodation/'],
      ['/book/', 302, '/booking/'],
      ['/old-blog/?utm_source=x', 301, '/blog/?utm_source=x'],
      ['/news/walking-the-kora-at-dawn/', 301, '/blog/walking-the-kora-at-dawn/'],
      ['/about', 301, '/about/'],
      ['/blog/walking-the-kora-at-dawn', 301, '/blog/walking-the-kora-at-dawn/'],
      ['/index.html', 301, '/'],
      ['/about/', 200, null],
    ] as const) {
      const res = await fetch(base + request, { redirect: 'manual' });
      expect([res.status, res.headers.get('location')], request).toEqual([status, location]);
      const hit = matchRedirect(redirects as HostRedirect[], new URL(request, base), (p) =>
        p.endsWith('/') ? existsSync(path.join(dist, p, 'index.html')) : false,
      );
      expect(hit ? [hit.status, hit.location] : [200, null], request).toEqual([status, location]);
    }
    const asset = (await readdir(path.join(dist, '_astro'))).find((f) => f.endsWith('.css'))!;
    for (const request of ['/about/', '/admin/', `/_astro/${asset}`]) {
      const res = await fetch(base + request);
      const expected = headersFor(headers as HeaderRule[], request);
      for (const [name, value] of Object.entries(expected))
        expect(res.headers.get(name), `${request} ${name}`).toBe(value);
    }
  } finally {
    server.close();
  }
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
