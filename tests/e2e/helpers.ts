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
