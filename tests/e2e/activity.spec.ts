/**
 * Every change on record (#30, D27), as two admins live it: Anita changes the phone number and a post's text; Ram
 * finds both in Activity in words, opens the post from there, compares its two versions and sees the changed line
 * marked, and restores the older one.
 */
import type { Browser } from '@playwright/test';
import { expect, test } from './fixtures';
import { publishedSite, serviceClient, signInAdmin, toast } from './helpers';
import { e2eStack } from '../helpers/env';

let base = '';
const MARK = `e2e-activity-${Date.now().toString(36)}`;
const TITLE = `Kora notes ${MARK}`;
const OLD_TEXT = 'We walk the kora clockwise.\nThe prayer wheels turn at dawn.\nTea after.';
const NEW_TEXT = 'We walk the kora clockwise.\nThe prayer wheels turn at sunrise, slowly.\nTea after.';
let postId = '';
let phoneBefore = '';
const phoneAfter = `+977 1 4${String(Date.now()).slice(-6)}`;

/** An admin with a name of their own: the Activity tab says it. */
async function namedAdmin(name: string) {
  const { upsertStaffUser } = await import('../../scripts/lib/staff.mjs');
  const email = `${name.toLowerCase()}-${MARK}@test.example`;
  const password = `pw-${Math.random().toString(36).slice(2)}-${Date.now()}`;
  const { id } = await upsertStaffUser({
    url: e2eStack().url,
    serviceRoleKey: e2eStack().serviceRoleKey,
    email,
    password,
    role: 'admin',
    username: name.toLowerCase(),
    fullName: name,
  });
  return { id, email, password };
}

let anita: Awaited<ReturnType<typeof namedAdmin>>;
let ram: Awaited<ReturnType<typeof namedAdmin>>;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  base = await publishedSite();
  [anita, ram] = [await namedAdmin('Anita'), await namedAdmin('Ram')];
  const db = serviceClient();
  phoneBefore = (await db.from('contact_details').select('phone').single()).data!.phone;
  const { data, error } = await db
    .from('blog_posts')
    .insert({ title: TITLE, slug: `kora-notes-${MARK}`, content: OLD_TEXT, is_published: false })
    .select('id')
    .single();
  if (error) throw error;
  postId = data.id;
});

test.afterAll(async () => {
  const db = serviceClient();
  await db.from('blog_posts').delete().eq('id', postId);
  await db.from('contact_details').update({ phone: phoneBefore }).neq('phone', phoneBefore);
});

/** How many versions the post has recorded (one per save). */
async function versionCount() {
  const { count } = await serviceClient()
    .from('content_versions')
    .select('id', { count: 'exact', head: true })
    .eq('blog_post_id', postId);
  return count ?? 0;
}

async function asRam(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  return { context, page };
}

test('a second admin sees who changed what, compares two versions of the post and restores one', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);

  // Anita: the phone number, then the post's text (a first save records the version before the change).
  await signInAdmin(page, base, anita, '#contact');
  await expect(page.getByLabel('Hotel Name')).not.toHaveValue('');
  await page.getByLabel('Phone').fill(phoneAfter);
  await page.getByRole('button', { name: 'Save Contact Details' }).click();
  await toast(page, 'Contact details updated successfully');

  await page.goto(`${base}/admin/#blog/${postId}`);
  const editor = page.getByRole('form', { name: 'Blog post' });
  const content = editor.getByRole('textbox', { name: 'Content', exact: true });
  await expect(content).toHaveValue(OLD_TEXT);
  await editor.getByRole('button', { name: 'Update Post' }).click();
  await toast(page, 'Blog post updated successfully');
  await expect.poll(versionCount).toBe(1);
  await content.fill(NEW_TEXT);
  await editor.getByRole('button', { name: 'Update Post' }).click();
  await expect.poll(versionCount).toBe(2);
  await expect
    .poll(async () => (await serviceClient().from('blog_posts').select('content').eq('id', postId).single()).data)
    .toEqual({ content: NEW_TEXT });

  // Ram: both changes in Activity, in words, newest first; the person filter keeps them.
  const { context, page: ramPage } = await asRam(browser);
  try {
    await signInAdmin(ramPage, base, ram, '#activity');
    const activity = ramPage.getByRole('list', { name: 'Activity, newest first' });
    const phoneEntry = activity
      .getByRole('listitem')
      .filter({ hasText: `Anita changed the phone number from “${phoneBefore}” to “${phoneAfter}”` });
    const postEntry = activity
      .getByRole('listitem')
      .filter({ hasText: `Anita changed the text of the post “${TITLE}”` });
    await expect(phoneEntry).toHaveCount(1);
    await expect(postEntry).toHaveCount(1);
    await ramPage.getByLabel('Person', { exact: true }).selectOption(anita.id);
    await expect(postEntry).toHaveCount(1);
    await expect(phoneEntry).toHaveCount(1);
    await ramPage.getByLabel('What', { exact: true }).selectOption('contact_details');
    await expect(postEntry).toHaveCount(0);
    await expect(phoneEntry).toHaveCount(1);
    await ramPage.getByRole('button', { name: 'Clear filters' }).click();

    // The entry's details hold the whole change; its link opens the post.
    await postEntry.getByText('What changed').click();
    await expect(postEntry.getByRole('cell', { name: 'text', exact: true })).toBeVisible();
    await postEntry.getByRole('link', { name: 'Open the post' }).click();
    await expect(ramPage).toHaveURL(new RegExp(`#blog/${postId}$`));

    // Version History: the two versions compared by default, the changed line marked within.
    const form = ramPage.getByRole('form', { name: 'Blog post' });
    await form.getByRole('tab', { name: 'Version History' }).click();
    const restore = form.getByRole('button', { name: /^Restore version of / });
    await expect(restore).toHaveCount(2);
    await form.getByRole('button', { name: 'Show changes' }).click();
    const changes = ramPage.getByRole('dialog', { name: /^Changes from / });
    await expect(changes.locator('[data-line="removed"]')).toHaveCount(1);
    await expect(changes.locator('[data-line="added"]')).toHaveCount(1);
    await expect(changes.locator('[data-line="removed"]')).toContainText('The prayer wheels turn at dawn.');
    await expect(changes.locator('[data-line="removed"] del')).toHaveText('dawn');
    await expect(changes.locator('[data-line="added"] ins')).toHaveText('sunrise, slowly');
    // Unchanged lines are shown as they are, unmarked.
    await expect(changes.locator('[data-line="same"]').first()).toHaveText(/We walk the kora clockwise\./);
    await ramPage.keyboard.press('Escape');
    await expect(changes).toHaveCount(0);

    // Restore stays as it was: the older version into the editor, saved by staff.
    await restore.last().click();
    await toast(ramPage, 'Version restored to editor. Save to apply changes.');
    await form.getByRole('tab', { name: 'Content', exact: true }).click();
    await expect(form.getByRole('textbox', { name: 'Content', exact: true })).toHaveValue(OLD_TEXT);
    await form.getByRole('button', { name: 'Update Post' }).click();
    await toast(ramPage, 'Blog post updated successfully');
    await expect
      .poll(async () => (await serviceClient().from('blog_posts').select('content').eq('id', postId).single()).data)
      .toEqual({ content: OLD_TEXT });

    // And that too is on record, as Ram's.
    await ramPage.getByRole('tab', { name: 'Activity' }).click();
    await expect(
      ramPage
        .getByRole('list', { name: 'Activity, newest first' })
        .getByRole('listitem')
        .filter({ hasText: `Ram changed the text of the post “${TITLE}”` }),
    ).toHaveCount(1);
  } finally {
    await context.close();
  }
});
