import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures';
import { createClient } from '@supabase/supabase-js';
import type { Database } from '../../src/lib/supabase/database.types';
import { upsertStaffUser } from '../../scripts/lib/staff.mjs';
import { E2E_PUBLISH_PORT } from '../../playwright.config';
import { e2eStack } from '../helpers/env';

const SLUG = 'walking-the-kora-at-dawn';
let restore: (() => Promise<void>) | undefined;

test.afterEach(async () => {
  await restore?.();
  restore = undefined;
});

test('an admin edit, then rebuild-site, is on the served page', async ({ page }) => {
  test.setTimeout(120_000);
  const url = e2eStack().url;
  const email = `editor-${randomUUID().slice(0, 8)}@test.example`;
  const password = `pw-${randomUUID()}`;
  await upsertStaffUser({ url, serviceRoleKey: e2eStack().serviceRoleKey, email, password, role: 'admin' });
  const admin = createClient<Database>(url, e2eStack().anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  expect((await admin.auth.signInWithPassword({ email, password })).error).toBeNull();

  const title = `Walking the kora under a full moon ${randomUUID().slice(0, 6)}`;
  const { data: before } = await admin.from('blog_posts').select('title').eq('slug', SLUG).single();
  const { error } = await admin.from('blog_posts').update({ title }).eq('slug', SLUG);
  expect(error).toBeNull();
  // The seed's title comes back afterwards: other specs compare the prebuilt pages with the database.
  restore = async () => {
    await admin.from('blog_posts').update({ title: before!.title }).eq('slug', SLUG);
  };
  const { data, error: invokeError } = await admin.functions.invoke('rebuild-site', { body: {} });
  expect(invokeError).toBeNull();
  const id = (data as { build: { id: number } }).build.id;

  // The admin's status bar reads site_builds the same way.
  await expect
    .poll(async () => (await admin.from('site_builds').select('status, error').eq('id', id).single()).data?.status, {
      timeout: 90_000,
      intervals: [500],
    })
    .toBe('succeeded');

  await page.goto(`http://127.0.0.1:${E2E_PUBLISH_PORT}/blog/${SLUG}/`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
});
