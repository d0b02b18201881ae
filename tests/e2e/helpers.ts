import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import type { Database } from '../../src/lib/supabase/database.types';
import { e2eStack } from '../helpers/env';

/** The service-role client of the e2e stack, to check what a browser action stored. */
export function serviceClient() {
  return createClient<Database>(e2eStack().url, e2eStack().serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
}

export async function bookingUrl(): Promise<string> {
  const { data, error } = await serviceClient().from('contact_details').select('booking_url').single();
  if (error) throw error;
  return data.booking_url;
}

/** Waits until every island on the page has hydrated (Astro removes the `ssr` attribute when it has). */
export async function islandsReady(page: Page) {
  // client:visible islands hydrate once on screen: bring each into view, then back to the top.
  for (const island of await page.locator('astro-island').all()) await island.scrollIntoViewIfNeeded();
  await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0);
  await page.evaluate(() => window.scrollTo(0, 0));
}

/**
 * The publisher's site (as npm start serves it), with a live build: waits for the first one (global-setup.ts starts
 * it), or asks for one if none is on its way (or it failed).
 */
export async function publishedSite(): Promise<string> {
  const { E2E_PUBLISH_PORT } = await import('../../playwright.config');
  const base = `http://127.0.0.1:${E2E_PUBLISH_PORT}`;
  const live = async () => (await fetch(`${base}/`)).status !== 503;
  if (await live()) return base;
  const { data: pending } = await serviceClient()
    .from('site_builds')
    .select('id')
    .in('status', ['queued', 'building'])
    .order('id')
    .limit(1);
  if (pending?.length) await waitForBuild(pending[0].id, 180_000);
  if (!(await live())) {
    const { data, error } = await serviceClient().functions.invoke('rebuild-site', { body: {} });
    if (error) throw error;
    await waitForBuild((data as { build: { id: number } }).build.id);
  }
  return base;
}

/** Waits until build `id` has ended; returns its row. */
export async function waitForBuild(id: number, timeoutMs = 90_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const { data } = await serviceClient().from('site_builds').select().eq('id', id).single();
    if (data && (data.status === 'succeeded' || data.status === 'failed')) return data;
    if (Date.now() > until) throw new Error(`build ${id} did not end in ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** A staff user with the admin role (or none) on the e2e stack. */
export async function staffUser(role: 'admin' | 'none') {
  const { upsertStaffUser } = await import('../../scripts/lib/staff.mjs');
  const email = `${role}-${Math.random().toString(36).slice(2, 10)}@test.example`;
  const password = `pw-${Math.random().toString(36).slice(2)}-${Date.now()}`;
  await upsertStaffUser({
    url: e2eStack().url,
    serviceRoleKey: e2eStack().serviceRoleKey,
    email,
    password,
    role,
    username: role === 'admin' ? 'pema' : 'guest-writer',
  });
  return { email, password };
}

/** Where the admin's supabase-js client keeps the session (src/admin/lib/supabase.ts, its `storageKey`). */
const ADMIN_SESSION_KEY = 'hotel-admin-auth';

/**
 * Opens /admin/{hash} signed in as `user`. The login form itself is tested in admin.spec.ts (its messages, where it
 * leads back to, a user without the admin role) and at phone width in admin-phone.spec.ts. Here the session is put
 * where that form leaves it: signed in with supabase-js on the stack, as the form does, and stored under the admin's
 * key as the form's client stores it. That spares each test the login screen and a second load of the admin, about
 * 2 s a sign-in here (#28: npm test's time). Should the key or the stored form change, the admin opens its login
 * screen instead and the test fails.
 */
export async function signInAdmin(page: Page, base: string, user: { email: string; password: string }, hash: string) {
  const stored = new Map<string, string>();
  const client = createClient<Database>(e2eStack().url, e2eStack().anonKey, {
    auth: {
      storageKey: ADMIN_SESSION_KEY,
      persistSession: true,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      storage: {
        getItem: (k) => stored.get(k) ?? null,
        setItem: (k, v) => void stored.set(k, v),
        removeItem: (k) => void stored.delete(k),
      },
    },
  });
  const { error } = await client.auth.signInWithPassword(user);
  if (error) throw error;
  const session = stored.get(ADMIN_SESSION_KEY);
  if (!session) throw new Error('signInAdmin: supabase-js stored no session');
  // A small file of the site's own, so that the session is stored for the site's origin.
  await page.goto(`${base}/robots.txt`);
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [ADMIN_SESSION_KEY, session]);
  await page.goto(`${base}/admin/${hash}`);
  await expect(page.getByRole('tab').first(), 'signed in: the admin shows its tabs').toBeVisible();
}

/** Waits for the admin's publish status to show the build the last save asked for as live. */
export async function buildLive(page: Page) {
  const status = page.locator('[data-build-status]');
  await expect(status).toHaveAttribute('data-build-status', /queued|building/, { timeout: 15_000 });
  await expect(status).toHaveAttribute('data-build-status', 'succeeded', { timeout: 90_000 });
}

/** A toast with exactly this title (or matching this pattern) is on screen. */
export async function toast(page: Page, text: string | RegExp) {
  await expect(page.getByText(text, { exact: typeof text === 'string' }).first()).toBeVisible();
}

/** The rules every accessibility check runs: WCAG 2.2 A and AA, as far as axe can tell (D19). */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * axe on `page` as it stands, for the WCAG rules (or `tags`), in axe's legacy mode: axe runs in the page itself.
 * By default @axe-core/playwright opens a blank page beside it and loads axe there a second time to combine the
 * frames' results, which cost each analysis about 1.2 s of the 3 s it took here (#28: npm test's time). What legacy
 * mode gives up is testing frames of another origin; no page of ours has one, and this refuses to run on one that
 * does rather than pass it unseen.
 */
export function axeOn(page: Page, tags: string[] = WCAG_TAGS) {
  const origin = new URL(page.url()).origin;
  const foreign = page
    .frames()
    .map((f) => f.url())
    .filter((u) => /^https?:/.test(u) && new URL(u).origin !== origin);
  if (foreign.length)
    throw new Error(
      `axeOn: ${page.url()} has frames of another origin, which legacy mode skips: ${foreign.join(', ')}`,
    );
  return new AxeBuilder({ page }).setLegacyMode(true).withTags(tags);
}

/** What axe finds on `page` as it stands (axeOn), one line a rule: its id and where, every element it names. */
export async function axeFindings(page: Page) {
  const { violations } = await axeOn(page).analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

/** No WCAG 2.2 A/AA violation on the page as it stands, named by `state` when there is one. */
export async function axeClean(page: Page, state: string) {
  await page.waitForLoadState('networkidle');
  expect(await axeFindings(page), state).toEqual([]);
}

/** What is wider than the screen: elements whose right edge passes the viewport (none, or the page scrolls sideways). */
export async function overflow(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide = [...document.querySelectorAll<HTMLElement>('body *')].filter((el) => {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.right <= width + 1) return false;
      // The toasts' fixed list (sonner) sits at the edge by design and moves nothing.
      if (el.closest('[data-sonner-toaster]')) return false;
      // Inside something that scrolls or clips sideways on purpose (a tab strip, a table wrapper): fine.
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const x = getComputedStyle(p).overflowX;
        if (x === 'auto' || x === 'scroll' || x === 'hidden') return false;
      }
      return true;
    });
    return {
      scrolls: document.documentElement.scrollWidth > width,
      wide: wide.slice(0, 5).map((el) => `${el.tagName.toLowerCase()}.${el.className}`.slice(0, 120)),
    };
  });
}
