/**
 * The Content-Security-Policy of every page (#26): each built page starts its head with a policy that allows the
 * site's own scripts and the hashes of its inline ones, and nothing else; the site's own pages carry no inline
 * event handler; a publish with staff scripts and analytics in the SEO settings runs exactly those. Every e2e test
 * also fails on any violation the browser reports (tests/e2e/fixtures.ts), so every page the suite opens, the
 * admin and its image uploads included, is checked under the policy.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { readPage } from '../../src/integrations/content-security-policy';
import { expect, test } from './fixtures';
import { publishedSite, serviceClient, waitForBuild } from './helpers';
import { e2eStack } from '../helpers/env';

const dist = () => e2eStack().dist;
const builtPages = async () => (await readdir(dist(), { recursive: true })).filter((f) => f.endsWith('.html')).sort();

test('every built page starts its head with the policy, and has no inline event handler', async () => {
  const files = await builtPages();
  expect(files.length).toBeGreaterThan(20);
  const problems: string[] = [];
  for (const file of files) {
    const html = await readFile(path.join(dist(), file), 'utf8');
    const { meta, scripts } = readPage(html);
    if (!meta) {
      problems.push(`${file}: no policy`);
      continue;
    }
    // Directly after <meta charset>: before any script, and the charset still within the first bytes.
    if (!/^<!DOCTYPE html><html[^>]*><head><meta charset="utf-8">$/i.test(html.slice(0, meta.start)))
      problems.push(`${file}: the policy is not first in the head`);
    const scriptSrc = meta.policy.split(';')[0].trim().split(' ');
    expect(scriptSrc.slice(0, 2), file).toEqual(['script-src', `'self'`]);
    if (scripts.handlers.length) problems.push(`${file}: ${scripts.handlers.length} inline event handler(s)`);
    if (scripts.external.length) problems.push(`${file}: scripts from ${scripts.external.join(', ')}`);
    for (const h of scripts.inline) if (!scriptSrc.includes(h)) problems.push(`${file}: ${h} not allowed`);
    expect(meta.policy, file).toMatch(/; worker-src 'self' blob:; object-src 'none'; base-uri 'self'$/);
  }
  expect(problems, problems.join('\n')).toEqual([]);
});

test('the pages’ own scripts run under the policy: the menu opens, the 404 page’s Go Back works', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/');
  await expect(page.locator('html')).toHaveClass(/\bjs\b/);
  await page.locator('#nav-open').click();
  await expect(page.locator('#nav-drawer')).toBeVisible();
  await page.goto('/about/');
  await page.goto('/no-such-page/');
  await page.getByRole('button', { name: 'Go Back' }).click();
  await page.waitForURL('**/about/');
});

test('a publish with staff scripts and GA4 allows exactly those scripts', async ({ page, cspViolations }) => {
  test.setTimeout(150_000);
  const base = await publishedSite();
  const db = serviceClient();
  const { data: saved } = await db.from('seo_settings').select().single();
  // A script from another origin (the stack's own address stands in for a widget's host), and inline ones.
  const widget = `${e2eStack().url}/functions/v1/no-such-widget.js`;
  const header = `<script>window.staffHead = 'ran';</script>\n<script async src="${widget}"></script>`;
  const body = `<script>\r\n  window.staffBody = 'ran';\r\n</script><button type="button" id="staff-button" onclick="window.staffClick = 'ran'">Staff</button>`;
  try {
    await db
      .from('seo_settings')
      .update({ header_scripts: header, body_scripts: body, ga4_tracking_id: 'G-CSPTEST01' })
      .eq('id', saved!.id);
    const { data, error } = await db.functions.invoke('rebuild-site', { body: {} });
    expect(error).toBeNull();
    expect((await waitForBuild((data as { build: { id: number } }).build.id)).status).toBe('succeeded');

    const html = await (await fetch(`${base}/contact/`)).text();
    const { meta } = readPage(html);
    const scriptSrc = meta!.policy.split(';')[0].trim().split(' ');
    expect(scriptSrc).toEqual(
      expect.arrayContaining([`'self'`, 'https://*.googletagmanager.com', widget, `'unsafe-hashes'`]),
    );

    // The staff's scripts run, their handler too; a script nobody put there does not.
    await page.route('https://www.googletagmanager.com/**', (route) =>
      route.fulfill({ contentType: 'text/javascript', body: 'window.gtagLoaded = true;' }),
    );
    await page.goto(`${base}/contact/`);
    await expect.poll(() => page.evaluate(() => (window as never as Record<string, string>).staffHead)).toBe('ran');
    expect(await page.evaluate(() => (window as never as Record<string, string>).staffBody)).toBe('ran');
    await expect.poll(() => page.evaluate(() => (window as never as Record<string, boolean>).gtagLoaded)).toBe(true);
    await page.locator('#staff-button').click();
    expect(await page.evaluate(() => (window as never as Record<string, string>).staffClick)).toBe('ran');
    expect(cspViolations).toEqual([]);
    const blocked = await page.evaluate(async () => {
      const s = document.createElement('script');
      s.textContent = 'window.injected = true;';
      const violation = new Promise<string>((resolve) =>
        document.addEventListener('securitypolicyviolation', (e) => resolve(e.violatedDirective), { once: true }),
      );
      document.head.append(s);
      return violation;
    });
    expect(blocked).toMatch(/^script-src/);
    expect(await page.evaluate(() => (window as never as Record<string, boolean>).injected)).toBeUndefined();
    // That one was meant: the fixture's check is for the rest.
    expect(cspViolations.length).toBeGreaterThan(0);
    cspViolations.length = 0;
  } finally {
    // The live site as it was, for the specs after this one.
    await db.from('seo_settings').update(saved!).eq('id', saved!.id);
    const { data } = await db.functions.invoke('rebuild-site', { body: {} });
    await waitForBuild((data as { build: { id: number } }).build.id);
  }
});
