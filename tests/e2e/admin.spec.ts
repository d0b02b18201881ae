/**
 * The admin against the stack, publisher and site server as npm start runs them: the guard, the login messages,
 * the 403 screen, each tab's main flow, the Content List's counts and View links, and a redirect added in the admin
 * answered as a 301 after the rebuild it triggers.
 */
import { expect, test, type Page } from './fixtures';
import { axeFindings, publishedSite, serviceClient, staffUser } from './helpers';

let base = '';
let admin: { email: string; password: string };
/** Rows these tests add, removed afterwards: other specs compare the prebuilt pages with the database. */
const MARK = `e2e-admin-${Date.now()}`;
let phone = '';

test.beforeAll(async () => {
  test.setTimeout(120_000);
  base = await publishedSite();
  admin = await staffUser('admin');
  phone = (await serviceClient().from('contact_details').select('phone').single()).data!.phone;
});

test.afterAll(async () => {
  const db = serviceClient();
  await db.from('reviews').delete().like('reviewer_name', `%${MARK}%`);
  await db.from('categories').delete().like('name', `%${MARK}%`);
  await db.from('seo_redirects').delete().like('from_url', `%${MARK}%`);
  await db.from('contact_submissions').delete().like('subject', `%${MARK}%`);
  await db.from('blog_posts').delete().like('slug', `%${MARK}%`);
  await db.from('contact_details').update({ phone }).neq('phone', phone);
});

async function signIn(page: Page, who: { email: string; password: string }, path = '/admin/') {
  await page.goto(base + path);
  await page.waitForURL(/\/admin\/login\//);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test.describe('admin', () => {
  test('sends a visitor to the login, remembering where they were going', async ({ page }) => {
    await page.goto(`${base}/about/`);
    await page.goto(`${base}/admin/#reviews`);
    await page.waitForURL(`${base}/admin/login/?next=%2Fadmin%2F%23reviews`);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    // History was replaced: going back leaves the admin instead of bouncing to the login again.
    await page.goBack();
    await page.waitForURL(`${base}/about/`);
    for (const p of ['/admin', '/mandala-admin-portal']) {
      const res = await fetch(base + p, { redirect: 'manual' });
      expect([res.status, res.headers.get('location')]).toEqual([301, `${p}/`]);
    }
  });

  test('shows the login messages and lands where the visitor was going', async ({ page }) => {
    await page.goto(`${base}/mandala-admin-portal/#categories`);
    await page.waitForURL(/\/admin\/login\//);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Please enter both email and password')).toBeVisible();
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Invalid email or password')).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill(admin.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${base}/mandala-admin-portal/#categories`);
    await expect(page.getByText('Login successful')).toBeVisible();
    await expect(page.getByText('Welcome, pema')).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Categories' })).toHaveAttribute('aria-selected', 'true');
    // Signed in, the login page goes straight on; Logout ends the session.
    await page.goto(`${base}/admin/login/`);
    await page.waitForURL(`${base}/admin/`);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${base}/admin/login/`);
    await expect(page.getByText('You have been successfully logged out')).toBeVisible();
    await page.goto(`${base}/admin/`);
    await page.waitForURL(/\/admin\/login\/\?next=/);
  });

  test('shows Access Denied to a signed-in user without the admin role', async ({ page }) => {
    await signIn(page, await staffUser('none'));
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(page.getByText("You don't have permission to access the admin dashboard.")).toBeVisible();
    await expect(page.getByRole('tab')).toHaveCount(0);
    expect(await axeFindings(page)).toEqual([]);
  });

  test('adds a redirect that the site server answers with a 301 after the rebuild it triggers', async ({ page }) => {
    test.setTimeout(120_000);
    const from = `/${MARK}-old`;
    expect((await fetch(base + from, { redirect: 'manual' })).status).toBe(404);
    await signIn(page, admin, '/admin/#redirects');
    await page.waitForURL(`${base}/admin/#redirects`);
    await page.getByLabel('From URL').fill(from);
    await page.getByLabel('To URL').fill('/about/');
    await page.getByRole('button', { name: 'Add Redirect' }).click();
    await expect(page.getByText('Redirect created successfully')).toBeVisible();
    await expect(page.getByRole('heading', { name: /Existing Redirects \(\d+\)/ })).toBeVisible();
    await expect(page.getByText(`${from} → /about/`)).toBeVisible();
    // The publish status follows the build the save asked for, to live.
    const status = page.locator('[data-build-status]');
    await expect(status).toHaveAttribute('data-build-status', /queued|building/, { timeout: 10_000 });
    await expect(status).toHaveAttribute('data-build-status', 'succeeded', { timeout: 90_000 });
    await expect(status).toContainText('Live: published');
    // The build says how many pages it rendered and how many it copied from the previous build (#17; whether any
    // were reused depends on the builds before it, tests/integration/publisher.test.ts covers that).
    await expect(status).toContainText(/\d+ pages: \d+ rendered, \d+ reused/);
    await page.getByRole('button', { name: 'Recent builds' }).click();
    const recent = page.getByTestId('recent-builds');
    await expect(recent.getByRole('listitem').first()).toContainText(/Live · .* · admin · [\d.]+ s/);
    await expect(recent.getByRole('listitem').first()).toContainText(/\d+ pages: \d+ rendered, \d+ reused/);
    expect(await axeFindings(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(recent).toBeHidden();
    const res = await fetch(base + from, { redirect: 'manual' });
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/about/');
  });

  test('a splat redirect made in the admin answers 301 with the rest of the path, as Netlify and Cloudflare do', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const from = `/${MARK}-stories/*`;
    await signIn(page, admin, '/admin/#redirects');
    await page.waitForURL(`${base}/admin/#redirects`);
    await page.getByLabel('From URL').fill(from);
    await page.getByLabel('To URL').fill('/blog/:splat');
    await page.getByRole('button', { name: 'Add Redirect' }).click();
    await expect(page.getByText('Redirect created successfully')).toBeVisible();
    const status = page.locator('[data-build-status]');
    await expect(status).toHaveAttribute('data-build-status', /queued|building/, { timeout: 10_000 });
    await expect(status).toHaveAttribute('data-build-status', 'succeeded', { timeout: 90_000 });
    for (const [request, location] of [
      [`/${MARK}-stories/walking-the-kora-at-dawn/`, '/blog/walking-the-kora-at-dawn/'],
      [`/${MARK}-stories/walking-the-kora-at-dawn/?ref=mail`, '/blog/walking-the-kora-at-dawn/?ref=mail'],
    ]) {
      const res = await fetch(base + request, { redirect: 'manual' });
      expect([res.status, res.headers.get('location')], request).toEqual([301, location]);
    }
  });

  test('each tab does its main job', async ({ page }) => {
    test.setTimeout(120_000);
    // A message from the contact form, there before the dashboard opens: the Submissions tab counts it as unread.
    const subject = `Room question ${MARK}`;
    await serviceClient().from('contact_submissions').insert({
      first_name: 'Karma',
      last_name: 'Lama',
      email: 'karma.someone@guest.example',
      subject,
      message: 'Is the stupa-view room free in March?',
      notified_at: new Date().toISOString(),
    });
    await signIn(page, admin);
    await page.waitForURL(`${base}/admin/`);

    // Content List: search and filter.
    await page.getByLabel('Search content').fill('kora');
    await expect(page.locator('[data-kind="blog"]').first()).toContainText('Kora');
    await page.getByRole('button', { name: 'Static Pages' }).click();
    await expect(page.locator('[data-kind]')).toHaveCount(0);
    await page.getByLabel('Search content').fill('');
    await expect(page.locator('[data-kind="static"]')).toHaveCount(9);

    // Reviews: add one.
    await page.getByRole('tab', { name: 'Reviews' }).click();
    await expect(page).toHaveURL(/#reviews$/);
    const reviewer = `Dolma ${MARK}`;
    await page.getByLabel('Reviewer Name').fill(reviewer);
    await page.getByLabel('Review Text').fill('Butter tea on the roof at sunrise.');
    await page.getByRole('button', { name: 'Add Review' }).click();
    await expect(page.getByText('Review added successfully')).toBeVisible();
    await expect(page.getByText(reviewer)).toBeVisible();

    // Categories: create one; the slug follows the name.
    await page.getByRole('tab', { name: 'Categories' }).click();
    const name = `Festivals ${MARK}`;
    await page.getByLabel('Name').fill(name);
    await expect(page.getByLabel('Slug')).toHaveValue(name.toLowerCase().replace(/ /g, '-'));
    await page.getByRole('button', { name: 'Create Category' }).click();
    await expect(page.getByText('Category created successfully')).toBeVisible();
    await expect(page.getByText(name, { exact: true })).toBeVisible();

    // Contact Info: update the phone.
    await page.getByRole('tab', { name: 'Contact Info' }).click();
    await expect(page.getByLabel('Hotel Name')).not.toHaveValue('');
    await page.getByLabel('Phone').fill('+977 1 4000 111');
    await page.getByRole('button', { name: 'Save Contact Details' }).click();
    await expect(page.getByText('Contact details updated successfully')).toBeVisible();
    const { data: details } = await serviceClient().from('contact_details').select('phone').single();
    expect(details?.phone).toBe('+977 1 4000 111');

    // Submissions: the unread count on the tab's label; the message, emailed to staff, marked as read in place.
    const unreadTab = page.getByRole('tab', { name: /^Submissions \d+ unread$/ });
    const unreadIn = async () => Number(/\d+/.exec((await unreadTab.textContent()) ?? '')![0]);
    await expect(unreadTab).toBeVisible();
    const unread = await unreadIn();
    expect(unread).toBeGreaterThanOrEqual(1);
    await page.getByRole('tab', { name: 'Submissions' }).click();
    const item = page.locator('li', { hasText: subject });
    await expect(item).toHaveAttribute('data-status', 'unread');
    await expect(item.getByText(/^Emailed to staff/)).toBeVisible();
    await expect(item.getByRole('link', { name: 'karma.someone@guest.example' })).toHaveAttribute(
      'href',
      'mailto:karma.someone@guest.example',
    );
    await item.getByRole('button', { name: 'Mark as Read' }).click();
    await expect(page.getByText('Status updated successfully')).toBeVisible();
    await expect(item).toHaveAttribute('data-status', 'read');
    if (unread > 1) await expect.poll(unreadIn).toBe(unread - 1);
    else await expect(unreadTab).toHaveCount(0);
    await expect(item.getByRole('button', { name: 'Mark as Read' })).toHaveCount(0);
    await expect(item.getByRole('button', { name: 'Mark as Responded' })).toBeVisible();
  });

  test('the Content List counts in the singular for one, and offers View only for what guests can open (#31)', async ({
    page,
  }) => {
    const db = serviceClient();
    // A draft and a scheduled post: both 404 on the site. Neither is ever built (no rebuild is asked for).
    const { error } = await db.from('blog_posts').insert([
      { slug: `draft-${MARK}`, title: `Butter lamps draft ${MARK}`, content: 'Not yet.', is_published: false },
      {
        slug: `scheduled-${MARK}`,
        title: `Losar greetings ${MARK}`,
        content: 'Next year.',
        is_published: true,
        published_date: '2099-02-01T00:00:00Z',
      },
    ]);
    if (error) throw error;
    const now = new Date().toISOString();
    const { data: live } = await db
      .from('blog_posts')
      .select('title, slug')
      .eq('is_published', true)
      .or(`published_date.is.null,published_date.lte.${now}`)
      // The oldest (seeded), so the live build has it.
      .order('created_at', { ascending: true })
      .limit(1)
      .single();

    await signIn(page, admin, '/admin/#content');
    await page.waitForURL(`${base}/admin/#content`);
    const search = page.getByLabel('Search content');
    await search.fill(MARK);
    await expect(page.getByText('2 items', { exact: true })).toBeVisible();
    for (const title of [`Butter lamps draft ${MARK}`, `Losar greetings ${MARK}`]) {
      const row = page.locator('[data-kind="blog"]', { hasText: title });
      await expect(row.getByRole('link', { name: 'Go to Blog Posts' })).toBeVisible();
      await expect(row.getByRole('link', { name: 'View' }), title).toHaveCount(0);
    }
    await search.fill(`Losar greetings ${MARK}`);
    await expect(page.getByText('1 item', { exact: true })).toBeVisible();

    // A live post: View opens its page, which the site serves.
    await search.fill(live!.slug);
    const row = page.locator('[data-kind="blog"]', { hasText: live!.title }).first();
    await expect(row.getByRole('link', { name: 'View' })).toHaveAttribute('href', `/blog/${live!.slug}/`);
    expect((await fetch(`${base}/blog/${live!.slug}/`)).status).toBe(200);
    // Built-in pages are always live.
    await search.fill('');
    await page.getByRole('button', { name: 'Static Pages' }).click();
    await expect(page.locator('[data-kind="static"]').getByRole('link', { name: 'View' })).toHaveCount(9);
  });

  test('warns instead of overwriting a review changed since it was loaded (D18)', async ({ page }) => {
    const db = serviceClient();
    const { data: review } = await db
      .from('reviews')
      .insert({ reviewer_name: `Ngawang ${MARK}`, review_text: 'Quiet rooms above the kora.', rating: 5 })
      .select()
      .single();
    await signIn(page, admin, '/admin/#reviews');
    await page.waitForURL(`${base}/admin/#reviews`);
    const item = page.locator('li', { hasText: 'Quiet rooms above the kora.' });
    await item.getByRole('button', { name: 'Edit' }).click();
    // Someone else saves the same review meanwhile.
    await db.from('reviews').update({ review_text: 'Changed at the front desk.' }).eq('id', review!.id);
    await page.getByLabel('Review Text').fill('My edit, made on a stale copy.');
    await page.getByRole('button', { name: 'Update Review' }).click();
    await expect(page.getByText(/changed by someone else since you opened it/)).toBeVisible();
    const { data: after } = await db.from('reviews').select('review_text').eq('id', review!.id).single();
    expect(after?.review_text).toBe('Changed at the front desk.');
    // The form keeps what was typed.
    await expect(page.getByLabel('Review Text')).toHaveValue('My edit, made on a stale copy.');
  });

  test('routes by hash: deep links, back and forward, and the Content List opening the item itself', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const post = (await serviceClient().from('blog_posts').select('id, title').limit(1).single()).data!;
    await signIn(page, admin, '/admin/#categories');
    await page.waitForURL(`${base}/admin/#categories`);
    await expect(page.getByRole('tab', { name: 'Categories' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('button', { name: 'Create Category' })).toBeVisible();

    await page.getByRole('tab', { name: 'Reviews' }).click();
    await expect(page).toHaveURL(/#reviews$/);
    await page.getByRole('tab', { name: 'Redirects' }).click();
    await expect(page.getByRole('button', { name: 'Add Redirect' })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/#reviews$/);
    await expect(page.getByRole('tab', { name: 'Reviews' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('button', { name: 'Add Review' })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('tab', { name: 'Categories' })).toHaveAttribute('aria-selected', 'true');
    await page.goForward();
    await expect(page.getByRole('tab', { name: 'Reviews' })).toHaveAttribute('aria-selected', 'true');

    // A deep link to an item opens its tab; the Content List's jump action leads to the post itself.
    await page.goto(`${base}/admin/#blog/${post.id}`);
    await expect(page.getByRole('tab', { name: 'Blog Posts' })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('tab', { name: 'Content List' }).click();
    const row = page.locator('[data-kind="blog"]', { hasText: post.title }).first();
    await expect(row.getByRole('link', { name: 'Go to Blog Posts' })).toHaveAttribute('href', `#blog/${post.id}`);
    await row.getByRole('link', { name: 'Go to Blog Posts' }).click();
    await expect(page).toHaveURL(new RegExp(`#blog/${post.id}$`));
    await expect(page.getByRole('tab', { name: 'Blog Posts' })).toHaveAttribute('aria-selected', 'true');
  });

  test('has no WCAG 2.2 A/AA violations on the login and every tab', async ({ page }) => {
    test.setTimeout(90_000);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    // An unread message, so that the Submissions tab's count is on screen for axe too.
    await serviceClient()
      .from('contact_submissions')
      .insert({
        first_name: 'Dawa',
        last_name: 'Lama',
        email: 'dawa@guest.example',
        subject: `Axe ${MARK}`,
        message: 'Hi',
      });
    await page.goto(`${base}/admin/login/`);
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(await axeFindings(page)).toEqual([]);
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password', { exact: true }).fill(admin.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${base}/admin/`);
    for (const tab of [
      'Content List',
      'Blog Posts',
      'Reviews',
      'Categories',
      'Contact Info',
      'Submissions',
      'Redirects',
      'Pages',
      'Page SEO',
      'Sitemap',
      'SEO & Favicon',
      'Activity',
      'Site health',
    ]) {
      await page.getByRole('tab', { name: tab }).click();
      // The section's panel, first in the page: an editor inside it (Blog Posts' create mode) has its own tabs.
      await expect(page.getByRole('tabpanel').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      const found = await axeFindings(page);
      expect(found, tab).toEqual([]);
    }
  });
});
