/**
 * In-place editing on the public pages (D3, D4), against the stack, publisher and site server as npm start runs
 * them: a guest gets no script file and no control; a signed-in user without the admin role gets no control; an
 * admin edits, cancels, saves and deletes a cafe text block, edits a post's text and the alt text of its featured
 * image and of an image in its text, sees each on the page at once and live after the rebuild, and is warned
 * instead of overwriting a block changed since the page was built (D18); each save records a version of the page
 * or post, which the admin's Version History lists (#31, D24). axe on each editing state.
 */
import { expect, test, type Page } from './fixtures';
import { axeClean, publishedSite, serviceClient, staffUser, toast, waitForBuild } from './helpers';
import { UPLOAD_POST } from './uploads';

const CAFE = '/boudha-cafe-de-mandala/';
const POST = `/blog/${UPLOAD_POST}/`;
const MARK = Date.now().toString(36);
let base = '';
let savedBlocks: unknown[] = [];
let savedPost: { id: string; content: string; alt_text: string | null } | null = null;
let cafeId = '';
/** The versions the cafe page and the post had before this spec: the ones it adds are removed after it. */
let keptVersions: string[] = [];

/** The ids of the versions a page or post has recorded, newest first (as the admin's Version History lists them). */
async function versionIds(parent: { page_id: string } | { blog_post_id: string }) {
  const [column, id] = Object.entries(parent)[0];
  const { data } = await serviceClient()
    .from('content_versions')
    .select('id')
    .eq(column, id)
    .order('created_at', { ascending: false })
    .order('id', { ascending: false });
  return (data ?? []).map((v) => v.id);
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  base = await publishedSite();
  const db = serviceClient();
  const { data: cafe } = await db.from('pages').select('id').eq('slug', 'boudha-cafe-de-mandala').single();
  cafeId = cafe!.id;
  savedBlocks = (await db.from('content_blocks').select().eq('page_id', cafe!.id)).data ?? [];
  savedPost = (await db.from('blog_posts').select('id, content, alt_text').eq('slug', UPLOAD_POST).single()).data;
  keptVersions = [...(await versionIds({ page_id: cafeId })), ...(await versionIds({ blog_post_id: savedPost!.id }))];
});

test.afterAll(async () => {
  test.setTimeout(120_000);
  const db = serviceClient();
  if (savedBlocks.length) await db.from('content_blocks').upsert(savedBlocks as never);
  if (savedPost)
    await db
      .from('blog_posts')
      .update({ content: savedPost.content, alt_text: savedPost.alt_text })
      .eq('id', savedPost.id);
  const added = [
    ...(await versionIds({ page_id: cafeId })),
    ...(savedPost ? await versionIds({ blog_post_id: savedPost.id }) : []),
  ].filter((id) => !keptVersions.includes(id));
  if (added.length) await db.from('content_versions').delete().in('id', added);
  // The site as it was, for the specs after this one.
  const { data } = await db.functions.invoke('rebuild-site', { body: {} });
  await waitForBuild((data as { build: { id: number } }).build.id);
});

async function signIn(page: Page, user: { email: string; password: string }) {
  await page.goto(`${base}/admin/login/`);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(`${base}/admin/`);
}

/** Waits for the staff bar to show the build the last save asked for as live. */
async function live(page: Page) {
  const bar = page.getByRole('complementary', { name: 'Staff editing' });
  await expect(bar).toHaveAttribute('data-inplace-status', /queued|building|succeeded/, { timeout: 15_000 });
  await expect(bar).toHaveAttribute('data-inplace-status', 'succeeded', { timeout: 90_000 });
  await expect(bar.getByRole('link', { name: 'Reload' })).toBeVisible();
}

const built = async (path: string) => (await fetch(`${base}${path}`)).text();

test('a guest downloads no script file and sees no control, on the cafe page and a post', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  for (const path of [CAFE, POST]) {
    await page.goto(`${base}${path}`);
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('button', { name: /Edit text|Edit Content|Edit Alt Text/ })).toHaveCount(0);
  }
  expect(scripts).toEqual([]);
});

test('a signed-in user without the admin role sees the pages as a guest does', async ({ page }) => {
  await signIn(page, await staffUser('none'));
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  for (const path of [CAFE, POST]) {
    await page.goto(`${base}${path}`);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    await expect(page.getByRole('button', { name: /Edit text|Edit Content|Edit Alt Text/ })).toHaveCount(0);
    await expect(page.getByRole('complementary', { name: 'Staff editing' })).toHaveCount(0);
  }
});

test('an admin edits, cancels, saves and deletes cafe text; a block changed since the build is not overwritten', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signIn(page, await staffUser('admin'));
  await page.goto(`${base}${CAFE}`);
  const versionsBefore = await versionIds({ page_id: cafeId });
  const blocks = page.locator('[data-inplace="cafe-block"]');
  await expect(page.getByRole('button', { name: 'Edit text' }).first()).toBeVisible();
  await axeClean(page, 'cafe page, staff controls');
  const second = blocks.nth(1);
  const before = (await second.textContent())!.trim();
  const id = (await second.getAttribute('data-block-id'))!;

  // Click the text: a textarea with it; Cancel (and Escape) put it back untouched.
  await second.click();
  const textarea = page.getByRole('textbox', { name: 'Text' });
  await expect(textarea).toHaveValue(before);
  await axeClean(page, 'cafe block editor');
  await textarea.fill('Something else');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(second).toHaveText(before);
  await second.click();
  await textarea.fill('   ');
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  await textarea.press('Escape');
  await expect(textarea).toHaveCount(0);
  await expect(second).toHaveText(before);

  // Save with Ctrl+Enter: on the page at once, then live.
  const edited = `Mindful coffee, slow mornings ${MARK}.`;
  await second.click();
  await textarea.fill(edited);
  await textarea.press('Control+Enter');
  await toast(page, 'Content updated');
  await expect(page.getByText('Your text has been saved successfully.')).toBeVisible();
  await expect(second).toHaveText(edited);
  await live(page);
  expect(await built(CAFE)).toContain(edited);
  // The block keeps the section it fills (#31).
  const { data: saved } = await serviceClient().from('content_blocks').select('content').eq('id', id).single();
  expect(saved!.content).toMatchObject({ text: edited, section: 'intro' });
  // The save recorded one version of the cafe page, holding the edited block (#31, D24).
  const versionsAfterSave = await versionIds({ page_id: cafeId });
  expect(versionsAfterSave).toHaveLength(versionsBefore.length + 1);
  const { data: version } = await serviceClient()
    .from('content_versions')
    .select('version_data')
    .eq('id', versionsAfterSave[0])
    .single();
  expect((version!.version_data as { blocks: Array<{ content: unknown }> }).blocks).toContainEqual(
    expect.objectContaining({ content: expect.objectContaining({ text: edited, section: 'intro' }) }),
  );

  // Changed by someone else since the page was built: the save warns and writes nothing.
  const third = blocks.nth(2);
  const thirdId = (await third.getAttribute('data-block-id'))!;
  const db = serviceClient();
  const { data: row } = await db.from('content_blocks').select('content').eq('id', thirdId).single();
  await db
    .from('content_blocks')
    .update({ content: { ...(row!.content as object), text: `Changed elsewhere ${MARK}` } })
    .eq('id', thirdId);
  await third.click();
  await textarea.fill(`Mine ${MARK}`);
  await page.getByRole('button', { name: 'Save' }).click();
  await toast(
    page,
    'This item was changed by someone else since you opened it. Your changes were not saved; reload to see the latest version.',
  );
  await expect(textarea).toHaveValue(`Mine ${MARK}`);
  const { data: kept } = await db.from('content_blocks').select('content').eq('id', thirdId).single();
  expect((kept!.content as { text: string }).text).toBe(`Changed elsewhere ${MARK}`);
  expect(await versionIds({ page_id: cafeId })).toEqual(versionsAfterSave); // and recorded no version
  await page.getByRole('button', { name: 'Cancel' }).click();

  // Delete, after a confirmation that says what guests will see instead.
  await second.click();
  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(`Guests will see the standard text under “Welcome to the Cafe” instead`);
  await axeClean(page, 'delete confirmation');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await toast(page, 'Content deleted');
  await expect(page.locator(`[data-block-id="${id}"]`)).toHaveCount(0);
  expect((await db.from('content_blocks').select('id').eq('id', id)).data).toEqual([]);
  // Every other text stays under its own heading (#31: they used to move up one section each), once live.
  await expect
    .poll(async () => (await built(CAFE)).includes(`data-block-id="${id}"`), { timeout: 90_000, intervals: [500] })
    .toBe(false);
  await page.goto(`${base}${CAFE}`);
  const section = (key: string) => page.locator(`section[aria-labelledby="cafe-${key}"] p`).first();
  await expect(section('intro')).toHaveText(/our cafe opens early for pilgrims/);
  await expect(section('philosophy')).toHaveText(`Changed elsewhere ${MARK}`);
  await expect(section('food')).toHaveText(/The kitchen moves easily between two worlds/);
});

test("an admin edits a post's text and the alt text of its images, seen at once and live after the rebuild", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signIn(page, await staffUser('admin'));
  const versionsBefore = await versionIds({ blog_post_id: savedPost!.id });
  await page.goto(`${base}${POST}`);
  await page.getByRole('button', { name: 'Edit Content' }).click();
  const editor = page.getByRole('region', { name: "Edit the post's content" });
  const content = editor.getByRole('textbox', { name: 'Content', exact: true });
  await expect(content).toHaveValue(savedPost!.content);
  await axeClean(page, 'post content editor');
  // Markdown stays markdown; the preview follows; Escape cancels.
  await content.fill(`${savedPost!.content}\n\n## Added in place ${MARK}\n\nBy the stupa.`);
  await expect(editor.getByRole('heading', { name: `Added in place ${MARK}` })).toBeVisible();
  await content.press('Escape');
  await expect(editor).toHaveCount(0);
  await expect(page.getByRole('heading', { name: `Added in place ${MARK}` })).toHaveCount(0);

  await page.getByRole('button', { name: 'Edit Content' }).click();
  await content.fill(`${savedPost!.content}\n\n## Added in place ${MARK}\n\nBy the stupa.`);
  await editor.getByRole('button', { name: 'Save' }).click();
  await toast(page, 'Content updated successfully');
  await expect(page.getByRole('heading', { name: `Added in place ${MARK}` })).toBeVisible();
  await live(page);
  expect(await built(POST)).toContain(`Added in place ${MARK}`);
  // The fix recorded one version of the post, as a save in the Blog Posts editor does (#31, D24).
  expect(await versionIds({ blog_post_id: savedPost!.id })).toHaveLength(versionsBefore.length + 1);

  // The featured image's alt text (alt_text), then an image's in the text (its markdown).
  const featured = page.locator('img[data-inplace="featured-image"]');
  await featured.hover();
  await page.getByRole('button', { name: 'Edit Alt Text' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Edit Alt Text' });
  await axeClean(page, 'alt text dialog');
  await dialog.getByLabel('Alt text').fill(`Prayer flags, edited ${MARK}`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await toast(page, 'Content updated successfully');
  await expect(featured).toHaveAttribute('alt', `Prayer flags, edited ${MARK}`);
  const db = serviceClient();
  expect((await db.from('blog_posts').select('alt_text').eq('id', savedPost!.id).single()).data!.alt_text).toBe(
    `Prayer flags, edited ${MARK}`,
  );

  const inText = page.locator('.post-content img').first();
  await inText.hover();
  await page.getByRole('button', { name: 'Edit Alt Text' }).nth(1).click();
  await dialog.getByLabel('Alt text').fill(`Taxi rank [edited] ${MARK}`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await toast(page, 'Content updated successfully');
  await expect(inText).toHaveAttribute('alt', `Taxi rank [edited] ${MARK}`);
  const stored = (await db.from('blog_posts').select('content').eq('id', savedPost!.id).single()).data!.content;
  expect(stored).toContain(`![Taxi rank \\[edited\\] ${MARK}](`);
  expect(stored).toContain(`## Added in place ${MARK}`);
  // The rebuild these two saves asked for (the bar showed the earlier one live already).
  await expect
    .poll(() => built(POST), { timeout: 90_000, intervals: [1000] })
    .toContain(`alt="Taxi rank [edited] ${MARK}"`);
  expect(await built(POST)).toContain(`alt="Prayer flags, edited ${MARK}"`);
  await expect(page.getByRole('complementary', { name: 'Staff editing' })).toHaveAttribute(
    'data-inplace-status',
    'succeeded',
    { timeout: 30_000 },
  );

  // The admin's Version History of the post lists the three saves made here, newest first; the latest holds the
  // text as it now is, and Restore loads the one of the content save (before the alt texts) into the editor.
  await page.goto(`${base}/admin/#blog/${savedPost!.id}`);
  const form = page.getByRole('form', { name: 'Blog post' });
  await form.getByRole('tab', { name: 'Version History' }).click();
  const restore = form.getByRole('button', { name: /^Restore version of / });
  await expect(restore).toHaveCount(versionsBefore.length + 3);
  await form
    .getByRole('button', { name: /^View version of / })
    .first()
    .click();
  const view = page.getByRole('dialog', { name: /^Version of / });
  await expect(view).toContainText(`## Added in place ${MARK}`);
  await expect(view).toContainText(`![Taxi rank \\[edited\\] ${MARK}](`);
  await page.keyboard.press('Escape');
  await expect(view).toHaveCount(0);
  await restore.nth(2).click();
  await toast(page, 'Version restored to editor. Save to apply changes.');
  await form.getByRole('tab', { name: 'Content', exact: true }).click();
  await expect(form.getByRole('textbox', { name: 'Content', exact: true })).toHaveValue(
    `${savedPost!.content}\n\n## Added in place ${MARK}\n\nBy the stupa.`,
  );
});
