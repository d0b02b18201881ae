/**
 * The Blog Posts tab as staff use it, against the stack, publisher and site server as npm start runs them: write a
 * post with a phone photo, watch the preview, publish it and find it live; move it to a new slug and find the old
 * address answering 301 (D23); schedule one and find it kept off the site (D12); the blocks, sections and version
 * history of a saved post; delete; and every validation message of the editor.
 */
import path from 'node:path';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import sharp from 'sharp';
import { expect, test } from './fixtures';
import { buildLive, publishedSite, serviceClient, signInAdmin, staffUser, toast } from './helpers';

let base = '';
let admin: { email: string; password: string };
const MARK = `e2e-blog-${Date.now().toString(36)}`;
let photo = '';
let photoDir = '';

test.beforeAll(async () => {
  test.setTimeout(120_000);
  base = await publishedSite();
  admin = await staffUser('admin');
  // A phone photo: 3000×2250 of noise, over 1 MB, so the widget downscales and re-encodes it before the upload.
  photoDir = await mkdtemp(path.join(tmpdir(), 'blog-e2e-'));
  photo = path.join(photoDir, 'prayer-flags_at-dawn.jpg');
  const { width, height } = { width: 3000, height: 2250 };
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  await writeFile(
    photo,
    await sharp(noise, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 92 })
      .toBuffer(),
  );
});

test.afterAll(async () => {
  if (photoDir) await rm(photoDir, { recursive: true, force: true });
  const db = serviceClient();
  await db.from('blog_posts').delete().like('slug', `%${MARK}%`);
  await db.from('seo_redirects').delete().like('from_url', `%${MARK}%`);
});

test('writes a post with a phone photo, previews and publishes it; a new slug leaves a 301 behind', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signInAdmin(page, base, admin, '#blog');
  const editor = page.getByRole('form', { name: 'Blog post' });
  const preview = page.getByRole('region', { name: 'Live preview' });

  // Validation: title and content are required.
  await editor.getByRole('button', { name: 'Create Post' }).click();
  await toast(page, 'Title and content are required');

  const title = `Prayer flags at dawn ${MARK}`;
  await editor.getByLabel('Title').fill(title);
  await expect(editor.getByLabel('URL Slug')).toHaveValue(`prayer-flags-at-dawn-${MARK}`);
  await editor
    .getByRole('textbox', { name: 'Content', exact: true })
    .fill('## Why the flags fly\n\nWind carries the prayers.');
  await expect(preview.getByRole('heading', { name: 'Why the flags fly' })).toBeVisible();
  await expect(preview.getByRole('heading', { level: 1 })).toHaveText(title);

  // The photo, through the upload widget: downscaled in the browser, stored, previewed.
  await editor.getByRole('tab', { name: 'Featured Image' }).click();
  await editor.locator('input[type="file"]').setInputFiles(photo);
  await toast(page, 'Image uploaded successfully');
  const stored = page.locator('img[src*="/storage/v1/object/public/blog-images/featured/"]').first();
  await expect(stored).toBeVisible();
  await expect(preview.locator('img[src*="/blog-images/featured/"]')).toHaveAttribute('alt', 'prayer flags at dawn');
  const src = (await stored.getAttribute('src'))!;
  const uploaded = await fetch(src);
  expect(uploaded.headers.get('content-type')).toBe('image/jpeg');
  const meta = await sharp(Buffer.from(await uploaded.arrayBuffer())).metadata();
  // Downscaled to what still covers the 1200×630 card (#31): the 4:3 photo is 1200×900, not 840×630.
  expect([meta.width, meta.height]).toEqual([1200, 900]);

  await editor.getByRole('switch', { name: 'Published' }).click();
  await editor.getByRole('button', { name: 'Create Post' }).click();
  await toast(page, 'Blog post created successfully');
  await expect(page).toHaveURL(/#blog\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: `Edit Blog Post: ${title}` })).toBeVisible();
  await buildLive(page);
  const slug = `prayer-flags-at-dawn-${MARK}`;
  const pageRes = await fetch(`${base}/blog/${slug}/`);
  expect(pageRes.status).toBe(200);
  const live = await pageRes.text();
  expect(live).toContain('Why the flags fly');
  // Guests get the build's WebP copies of the photo (D21), never the upload itself.
  const imgs = live.match(/<img\b[^>]*>/g) ?? [];
  expect(imgs.filter((t) => t.includes('/storage/v1/object/public/'))).toEqual([]);
  const hero = imgs.find((t) => t.includes('fetchpriority="high"'))!;
  expect(hero).toMatch(/src="\/_uploads\/[^"]+\.webp" srcset="[^"]+ 400w, [^"]+ 800w, [^"]+ 1200w"/);
  expect((await fetch(base + /src="([^"]+)"/.exec(hero)![1])).headers.get('content-type')).toBe('image/webp');

  // Moving it: the field warns, the save says which redirect it added, and the old address answers 301.
  const moved = `flags-${MARK}`;
  await editor.getByLabel('URL Slug').fill(moved);
  await expect(editor.getByText(`/blog/${slug}/ will redirect (301) to /blog/${moved}/`)).toBeVisible();
  await editor.getByRole('button', { name: 'Update Post' }).click();
  await toast(page, 'Blog post updated successfully');
  await expect(page.getByText(`The old address /blog/${slug}/ now redirects (301) to /blog/${moved}/.`)).toBeVisible();
  await buildLive(page);
  const old = await fetch(`${base}/blog/${slug}/`, { redirect: 'manual' });
  expect(old.status).toBe(301);
  expect(old.headers.get('location')).toBe(`/blog/${moved}/`);
  expect((await fetch(`${base}/blog/${moved}/`)).status).toBe(200);
});

test('the preview shows a post exactly as its page does: byline, date in Nepal time, category, text (#27)', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const slug = 'walking-the-kora-at-dawn';
  const { data: row } = await serviceClient().from('blog_posts').select('id').eq('slug', slug).single();
  /** The article from the category to the end of the text, as HTML; images without the attributes only the
   * build adds (optimised copies, measured sizes, lazy loading). */
  const articleHtml = (root: Element) => {
    const parts: string[] = [];
    for (const child of Array.from(root.children)) {
      if (child.querySelector('a[href="/blog/"]')) continue;
      const copy = child.cloneNode(true) as Element;
      const images = copy.matches('img') ? [copy] : Array.from(copy.querySelectorAll('img'));
      for (const img of images) {
        for (const attr of ['width', 'height', 'loading', 'decoding', 'srcset', 'sizes']) img.removeAttribute(attr);
        // The featured photo: the page serves the build's copy of the one the preview shows (D21).
        if (img.matches('[data-inplace="featured-image"]')) img.removeAttribute('src');
      }
      // Attributes in name order: React in the browser sets an image's src last, which changes no markup.
      for (const el of [copy, ...Array.from(copy.querySelectorAll('*'))]) {
        const attrs = Array.from(el.attributes)
          .map((a) => [a.name, a.value] as const)
          .sort(([a], [b]) => a.localeCompare(b));
        for (const [name] of attrs) el.removeAttribute(name);
        for (const [name, value] of attrs) el.setAttribute(name, value);
      }
      parts.push(copy.outerHTML);
      if (child.matches('[data-inplace="post-content"]')) break;
    }
    return parts.join('\n');
  };
  await page.goto(`${base}/blog/${slug}/`);
  const built = await page.locator('article[data-inplace-post]').evaluate(articleHtml);
  expect(built).toContain('<time datetime=');

  await signInAdmin(page, base, admin, `#blog/${row!.id}`);
  const preview = page.getByRole('region', { name: 'Live preview' });
  await expect(preview.getByRole('heading', { level: 1 })).toHaveText(/Walking the Kora/i);
  const previewed = await preview.locator('article').evaluate(articleHtml);
  expect(previewed).toBe(built);
});

test('a bad field on another tab: its tab opens, the field is focused and says why under it (#31)', async ({
  page,
}) => {
  await signInAdmin(page, base, admin, '#blog');
  const editor = page.getByRole('form', { name: 'Blog post' });
  await editor.getByLabel('Title').fill(`Too long a title ${MARK}`);
  await editor.getByRole('textbox', { name: 'Content', exact: true }).fill('Some text.');
  await editor.getByRole('tab', { name: 'SEO & Settings' }).click();
  await editor.getByLabel('SEO Title').fill('x'.repeat(301));
  await editor.getByRole('tab', { name: 'Content', exact: true }).click();
  await editor.getByRole('button', { name: 'Create Post' }).click();
  await toast(page, 'SEO title is too long (at most 300 characters)');
  await expect(editor.getByRole('tab', { name: 'SEO & Settings' })).toHaveAttribute('aria-selected', 'true');
  const field = editor.getByLabel('SEO Title');
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(editor.getByText('SEO title is too long (at most 300 characters)')).toBeVisible();
});

test.describe('scheduling, from a browser in another time zone', () => {
  // Staff abroad schedule by the hotel's clock: New York's is 10 h 45 min behind Kathmandu's.
  test.use({ timezoneId: 'America/New_York' });
  test('a published post dated in the future is Scheduled at its time in Nepal and stays off the site; deleting removes it', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await signInAdmin(page, base, admin, '#blog');
    const editor = page.getByRole('form', { name: 'Blog post' });
    const title = `Saga Dawa full moon ${MARK}`;
    await editor.getByLabel('Title').fill(title);
    await editor.getByRole('textbox', { name: 'Content', exact: true }).fill('The holiest month of the Tibetan year.');
    await editor.getByRole('switch', { name: 'Published' }).click();
    await expect(page.getByTestId('post-state')).toHaveText(/^Published/);

    // A date next month, from the calendar, then a time: both on Kathmandu's clock, whatever the browser's zone.
    await expect(editor.getByLabel('Time (Nepal)')).toBeDisabled();
    await editor.locator('#post-published-date').click();
    await page.getByRole('button', { name: /next month/i }).click();
    await page.getByRole('gridcell', { name: '15' }).first().click();
    await expect(page.getByTestId('post-state')).toHaveText(/^Scheduled for \w+ 15th, \d{4} at 00:00 Nepal time$/);
    await editor.getByLabel('Time (Nepal)').fill('09:30');
    await expect(page.getByTestId('post-state')).toHaveText(/^Scheduled for \w+ 15th, \d{4} at 09:30 Nepal time$/);
    await editor.getByRole('button', { name: 'Create Post' }).click();
    await toast(page, 'Blog post created successfully');
    const row = page.getByRole('listitem').filter({ hasText: title });
    await expect(row.getByText('Scheduled', { exact: true })).toBeVisible();
    await expect(row).toContainText(/Scheduled for \w+ 15th, \d{4} at 09:30 Nepal time/);
    // 09:30 in Kathmandu is 03:45 UTC on the 15th.
    const { data: stored } = await serviceClient()
      .from('blog_posts')
      .select('published_date')
      .eq('title', title)
      .single();
    const when = new Date(stored!.published_date!);
    expect([when.getUTCDate(), when.getUTCHours(), when.getUTCMinutes()]).toEqual([15, 3, 45]);
    await buildLive(page);
    expect((await fetch(`${base}/blog/saga-dawa-full-moon-${MARK}/`)).status).toBe(404);

    // The Content List says the same.
    await page.getByRole('tab', { name: 'Content List' }).click();
    await page.getByLabel('Search content').fill(MARK);
    await expect(page.locator('[data-kind="blog"]', { hasText: title })).toContainText('Scheduled');

    // Delete, after confirmation.
    await page.getByRole('tab', { name: 'Blog Posts' }).click();
    await row.getByRole('button', { name: `Delete ${title}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Blog post deleted successfully');
    await expect(row).toHaveCount(0);
    expect((await serviceClient().from('blog_posts').select('id').eq('title', title)).data).toEqual([]);
  });
});

test('a saved post’s blocks, sections and versions; the samples; the editor’s messages', async ({ page }) => {
  test.setTimeout(120_000);
  const db = serviceClient();
  const { data: post } = await db
    .from('blog_posts')
    .insert({ title: `Momo class ${MARK}`, slug: `momo-${MARK}`, content: 'Fold, pinch, steam.', category: 'culture' })
    .select('id')
    .single();
  await signInAdmin(page, base, admin, `#blog/${post!.id}`);
  const editor = page.getByRole('form', { name: 'Blog post' });
  const preview = page.getByRole('region', { name: 'Live preview' });
  await expect(page.getByRole('heading', { name: `Edit Blog Post: Momo class ${MARK}` })).toBeVisible();
  // The stored choices show in the selects (and so are saved back), not their first options.
  await expect(editor.getByLabel('Category')).toHaveValue('culture');
  await editor.getByRole('tab', { name: 'SEO & Settings' }).click();
  await expect(editor.getByLabel('Open Graph Type')).toHaveValue('article');
  await editor.getByRole('tab', { name: 'Content', exact: true }).click();

  // The markdown editor: formatting needs a selection; Ctrl+B bolds it; links need text and URL; uploads are checked.
  const content = editor.getByRole('textbox', { name: 'Content', exact: true });
  await editor.getByRole('button', { name: 'Bold' }).click();
  await toast(page, 'Please select text to format');
  await content.focus();
  await content.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(0, 4));
  await page.keyboard.press('Control+b');
  await expect(content).toHaveValue('**Fold**, pinch, steam.');
  await page.keyboard.press('Control+z');
  await expect(content).toHaveValue('Fold, pinch, steam.');
  await content.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(6, 11));
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Insert link' });
  await expect(dialog.getByLabel('Link text')).toHaveValue('pinch');
  await dialog.getByRole('button', { name: 'Insert Link' }).click();
  await toast(page, 'Please enter both link text and URL');
  await dialog.getByLabel('URL').fill('https://example.org/momo');
  await dialog.getByRole('switch').click();
  await dialog.getByRole('button', { name: 'Insert Link' }).click();
  await expect(content).toHaveValue('Fold, <a href="https://example.org/momo" rel="nofollow">pinch</a>, steam.');
  await expect(preview.getByRole('link', { name: 'pinch' })).toHaveAttribute('rel', /nofollow/);
  // A page of the site by its path, as the placeholder suggests (#31: the browser refused it as no URL).
  await content.focus();
  await content.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(el.value.length - 6, el.value.length - 1));
  await page.keyboard.press('Control+k');
  await expect(dialog.getByLabel('Link text')).toHaveValue('steam');
  await dialog.getByLabel('URL').fill('/accommodation/');
  await dialog.getByRole('button', { name: 'Insert Link' }).click();
  await expect(dialog).toBeHidden();
  await expect(content).toHaveValue(
    'Fold, <a href="https://example.org/momo" rel="nofollow">pinch</a>, [steam](/accommodation/).',
  );
  const upload = editor.getByLabel('Upload an image into Content');
  await upload.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
  await toast(page, 'Please select an image file');
  await upload.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
  await toast(page, 'Image size should be less than 5MB');
  await editor.getByRole('tab', { name: 'Featured Image' }).click();
  const widget = editor.getByLabel('Upload Featured Image');
  await widget.setInputFiles({ name: 'huge.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(10 * 1024 * 1024 + 1) });
  await toast(page, 'Image size must be less than 10MB');

  // Content blocks: a heading, saved with the post.
  await editor.getByRole('tab', { name: 'Content Blocks' }).click();
  await editor.getByLabel('Block type').selectOption('heading');
  await editor.getByRole('button', { name: 'Add Block' }).click();
  await editor.getByLabel('Heading text').fill('What to bring');
  await expect(preview.getByRole('heading', { name: 'What to bring' })).toBeVisible();
  // An image block, its photo uploaded with the alt text empty: it keeps the upload's address, and the file name
  // becomes the alt text (#31: filling in the alt text used to wipe the address, and the block saved blank).
  await editor.getByLabel('Block type').selectOption('image');
  await editor.getByRole('button', { name: 'Add Block' }).click();
  const wheel = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#8a2b2b' } })
    .png()
    .toBuffer();
  await editor
    .getByLabel('Upload Image')
    .setInputFiles({ name: 'prayer-wheel.png', mimeType: 'image/png', buffer: wheel });
  await toast(page, 'Image uploaded successfully');
  await expect(preview.locator('img[alt="prayer wheel"]')).toHaveAttribute('src', /\/storage\/v1\/object\/public\//);
  await editor.getByRole('button', { name: 'Save Content Blocks' }).click();
  await toast(page, 'Content blocks saved successfully');
  await expect
    .poll(
      async () =>
        (await db.from('content_blocks').select('content').eq('blog_post_id', post!.id).order('sort_order')).data,
    )
    .toMatchObject([
      { content: { text: 'What to bring', level: 2 } },
      { content: { url: expect.stringContaining('/storage/v1/object/public/'), alt: 'prayer wheel' } },
    ]);
  expect((await db.from('blog_posts').select('category, og_type').eq('id', post!.id).single()).data).toEqual({
    category: 'culture',
    og_type: 'article',
  });

  // Sections: JSON must parse; a changed section is flagged unsaved and its Save saves it.
  await editor.getByRole('tab', { name: 'Sections' }).click();
  await editor.getByRole('button', { name: 'Add Section' }).click();
  const section = editor.getByRole('listitem', { name: /^Section 1/ });
  await expect(section.getByText('unsaved')).toBeVisible();
  await section.getByLabel('Section content (JSON)').fill('{"title": ');
  await expect(section.getByText(/^Not valid JSON, so this edit is ignored/)).toBeVisible();
  await expect(section.getByRole('button', { name: 'Save section 1' })).toBeDisabled();
  await section.getByLabel('Section content (JSON)').fill('{"title": "Class times", "content": "Daily at four."}');
  await expect(section.getByLabel('Title')).toHaveValue('Class times');
  await expect(preview.getByText('Daily at four.')).toBeVisible();
  await section.getByRole('button', { name: 'Save section 1' }).click();
  await toast(page, 'Blog post updated successfully');
  await expect(editor.getByRole('listitem', { name: /^Section 1/ }).getByText('unsaved')).toHaveCount(0);
  await expect(
    editor.getByRole('listitem', { name: /^Section 1/ }).getByRole('button', { name: 'Save section 1' }),
  ).toBeDisabled();

  // Version History: restoring the first version (before the section) only loads it into the editor.
  await editor.getByRole('tab', { name: 'Version History' }).click();
  const versions = editor.getByRole('button', { name: /^Restore version of / });
  await expect(versions).toHaveCount(2);
  await versions.last().click();
  await toast(page, 'Version restored to editor. Save to apply changes.');
  await expect(preview.getByText('Daily at four.')).toHaveCount(0);
  await expect(preview.getByRole('heading', { name: 'What to bring' })).toBeVisible();
  expect((await db.from('sections').select('id').eq('blog_post_id', post!.id)).data).toHaveLength(1);

  // The sample loader inserts nothing into a blog that has posts; Add New Post returns to create mode.
  await page.getByRole('button', { name: 'Load Sample Posts' }).click();
  await toast(page, 'Sample content already exists in the database');
  await expect(page.getByRole('button', { name: 'Load Sample Posts' })).toBeDisabled();
  await page.getByRole('button', { name: 'Add New Post' }).click();
  await expect(page).toHaveURL(/#blog$/);
  await expect(page.getByRole('heading', { name: 'Create New Blog Post' })).toBeVisible();
  for (const [tab, message] of [
    ['Sections', 'Save the blog post first to enable the section editor'],
    ['Content Blocks', 'Save the blog post first to enable the content block editor'],
    ['Version History', 'Save the blog post first to view version history'],
  ]) {
    await editor.getByRole('tab', { name: tab }).click();
    await expect(editor.getByText(message)).toBeVisible();
  }

  // A link to a post that is gone.
  await page.goto(`${base}/admin/#blog/00000000-0000-4000-8000-000000000000`);
  await toast(page, 'Blog post not found');
  await expect(page).toHaveURL(/#blog$/);
});
