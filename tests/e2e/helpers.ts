import { createClient } from '@supabase/supabase-js';
import type { Database } from '../../src/lib/supabase/database.types';

/** The service-role client of the e2e stack, to check what a browser action stored. */
export function serviceClient() {
  return createClient<Database>(process.env.E2E_SUPABASE_URL!, process.env.E2E_SERVICE_ROLE_KEY!, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
}

export async function bookingUrl(): Promise<string> {
  const { data, error } = await serviceClient().from('contact_details').select('booking_url').single();
  if (error) throw error;
  return data.booking_url;
}

/** Waits until every island on the page has hydrated (Astro removes the `ssr` attribute when it has). */
export async function islandsReady(page: import('@playwright/test').Page) {
  // client:visible islands hydrate once on screen: bring each into view, then back to the top.
  for (const island of await page.locator('astro-island').all()) await island.scrollIntoViewIfNeeded();
  await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0);
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** The publisher's site (as npm start serves it), with a live build: asks for one first if there is none. */
export async function publishedSite(): Promise<string> {
  const { E2E_PUBLISH_PORT } = await import('../../playwright.config');
  const base = `http://127.0.0.1:${E2E_PUBLISH_PORT}`;
  if ((await fetch(`${base}/`)).status === 503) {
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
    url: process.env.E2E_SUPABASE_URL!,
    serviceRoleKey: process.env.E2E_SERVICE_ROLE_KEY!,
    email,
    password,
    role,
    username: role === 'admin' ? 'pema' : 'guest-writer',
  });
  return { email, password };
}
