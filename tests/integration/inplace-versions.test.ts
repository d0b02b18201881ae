/**
 * In-place edits leave a version (#31, D4, D24): a post's text or alt text fixed on the public page (through
 * save_blog_post, as src/admin/data/inplace/post-text-save-mutation.ts calls it) and a cafe text block (through
 * save_content_block, as cafe-block-save-mutation.ts calls it) each record exactly one version of the post or page,
 * of the same shape as the full editors' saves, which the admin's Restore reads back. A stale updated_at (D18) is
 * refused and leaves no version; anon and a user without the admin role can do neither. Everything is read back
 * with the service role, past row-level security.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Json, Tables } from '../../src/lib/supabase/database.types';
import { restoredFromVersion } from '../../src/admin/components/body-editors/body-values';
import { anonClient, roleClients, serviceClient, type Client } from '../helpers/supabase';

const CONFLICT =
  'This item was changed by someone else since you opened it. Your changes were not saved; reload to see the latest version.';
const DELETED = 'This item was deleted by someone else since you opened it. Your changes were not saved.';
const FORBIDDEN = 'You do not have permission to save this item.';

type Parent = { page_id: string } | { blog_post_id: string };

let svc: Client;
let admin: Client;
let user: Client;
const created = { posts: [] as string[], pages: [] as string[] };

beforeAll(async () => {
  svc = serviceClient();
  ({ admin, user } = await roleClients());
});

afterAll(async () => {
  if (created.posts.length) await svc.from('blog_posts').delete().in('id', created.posts);
  if (created.pages.length) await svc.from('pages').delete().in('id', created.pages);
});

const slug = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;

/** The row, its blocks and its versions (oldest first), read past row-level security. */
async function snapshot(table: 'blog_posts' | 'pages', id: string) {
  const parent = table === 'pages' ? 'page_id' : 'blog_post_id';
  const [row, blocks, versions] = await Promise.all([
    svc.from(table).select('*').eq('id', id).maybeSingle(),
    svc.from('content_blocks').select('*').eq(parent, id).order('sort_order').order('id'),
    svc.from('content_versions').select('*').eq(parent, id).order('created_at').order('id'),
  ]);
  for (const r of [row, blocks, versions]) if (r.error) throw r.error;
  return { row: row.data as Record<string, unknown> | null, blocks: blocks.data!, versions: versions.data! };
}

/** A post with an image in its text and a featured image, saved by the admin in the Blog Posts editor. */
async function createPost(extra: Record<string, Json> = {}) {
  const res = await admin.rpc('save_blog_post', {
    p_post: {
      title: 'Kora at dusk',
      slug: slug('inplace-post'),
      content: 'Walk the kora clockwise.\n\n![Butter lamps](/lamps.jpg)\n\nTeh prayer wheels turn.',
      featured_image: '/flags.jpg',
      alt_text: 'Prayer flags',
      ...extra,
    },
    p_blocks: [{ block_type: 'quote', content: { text: 'Om mani padme hum' } }],
    p_sections: [],
  });
  expect(res.error).toBeNull();
  const post = res.data as unknown as Tables<'blog_posts'>;
  created.posts.push(post.id);
  return post;
}

/** A page with text blocks as the cafe page has them ({text, alignment, section}), saved in the Pages editor. */
async function createCafeLikePage(extra: Record<string, Json> = {}) {
  const res = await admin.rpc('save_page', {
    p_page: { title: 'Cafe', slug: slug('inplace-cafe'), ...extra },
    p_blocks: [
      { block_type: 'text', content: { text: 'Welcome to the cafe', alignment: 'center', section: 'hero' } },
      { block_type: 'text', content: { text: 'Our cafe opesn early.', alignment: 'left', section: 'intro' } },
    ],
    p_sections: [],
  });
  expect(res.error).toBeNull();
  const page = res.data as unknown as Tables<'pages'>;
  created.pages.push(page.id);
  const { blocks } = await snapshot('pages', page.id);
  return { page, blocks };
}

/** The in-place post save, as post-text-save-mutation.ts sends it. */
const savePostText = (
  client: Client,
  id: string,
  values: { content: string } | { alt_text: string | null },
  builtAt: string,
) => client.rpc('save_blog_post', { p_post: { id, ...values }, p_expected_updated_at: builtAt });

/** The in-place block save, as cafe-block-save-mutation.ts sends it. */
const saveBlock = (client: Client, id: string, content: Record<string, Json>, builtAt: string) =>
  client.rpc('save_content_block', { p_block_id: id, p_content: content, p_expected_updated_at: builtAt });

/** What the admin's Version History lists for a parent, newest first, read as the admin. */
const versionsAsAdmin = async (parent: Parent) => {
  const [column, id] = Object.entries(parent)[0];
  const res = await admin
    .from('content_versions')
    .select('id, version_data, created_by, created_at')
    .eq(column, id)
    .order('created_at', { ascending: false })
    .order('id', { ascending: false });
  expect(res.error).toBeNull();
  return res.data!;
};

describe("a post's text fixed in place", () => {
  it('writes the content and records exactly one version of the post, as the editor does', async () => {
    const post = await createPost();
    const before = await snapshot('blog_posts', post.id);
    expect(before.versions).toHaveLength(1);
    const fixed = post.content.replace('Teh', 'The');

    const res = await savePostText(admin, post.id, { content: fixed }, post.updated_at);
    expect(res.error).toBeNull();
    const saved = res.data as unknown as Tables<'blog_posts'>;
    expect(saved).toMatchObject({ id: post.id, content: fixed, title: post.title, alt_text: 'Prayer flags' });
    expect(saved.updated_at).not.toBe(post.updated_at);

    const after = await snapshot('blog_posts', post.id);
    expect(after.row).toMatchObject({ content: fixed, updated_at: saved.updated_at });
    expect(after.blocks).toEqual(before.blocks); // blocks and sections are left as they are
    expect(after.versions).toHaveLength(2);
    expect(after.versions[1].version_data).toEqual({
      title: post.title,
      slug: post.slug,
      content: fixed,
      updated_at: saved.updated_at,
      blocks: [{ block_type: 'quote', content: { text: 'Om mani padme hum' }, sort_order: 0, is_active: true }],
      sections: [],
    });
    expect(after.versions[1].created_by).toBe('admin');

    // Version History lists it first, and Restore loads the fixed text.
    const [latest, first] = await versionsAsAdmin({ blog_post_id: post.id });
    expect(latest.id).toBe(after.versions[1].id);
    expect(restoredFromVersion(latest.version_data).content).toBe(fixed);
    expect(restoredFromVersion(first.version_data).content).toBe(post.content);
  });

  it("records a version for the featured image's alt text too", async () => {
    const post = await createPost();
    const res = await savePostText(admin, post.id, { alt_text: 'Prayer flags over the stupa' }, post.updated_at);
    expect(res.error).toBeNull();
    const after = await snapshot('blog_posts', post.id);
    expect(after.row).toMatchObject({ alt_text: 'Prayer flags over the stupa', content: post.content });
    expect(after.versions).toHaveLength(2);
    expect(after.versions[1].version_data).toMatchObject({
      content: post.content,
      updated_at: (res.data as unknown as Tables<'blog_posts'>).updated_at,
    });
  });

  it('refuses a stale updated_at with 409 PT409: nothing written, no version', async () => {
    const post = await createPost();
    const elsewhere = await savePostText(admin, post.id, { content: 'Changed in the editor.' }, post.updated_at);
    expect(elsewhere.error).toBeNull();
    const before = await snapshot('blog_posts', post.id);

    const res = await savePostText(admin, post.id, { content: 'Typo fixed on the page.' }, post.updated_at);
    expect(res.status).toBe(409);
    expect(res.error).toMatchObject({ code: 'PT409', message: CONFLICT });
    expect(await snapshot('blog_posts', post.id)).toEqual(before);
  });

  it('is refused to a user without the admin role (403) and to anon (401): nothing written, no version', async () => {
    const post = await createPost({ is_published: true });
    const before = await snapshot('blog_posts', post.id);

    const asUser = await savePostText(user, post.id, { content: 'Defaced' }, post.updated_at);
    expect(asUser.status).toBe(403);
    expect(asUser.error).toMatchObject({ code: '42501', message: FORBIDDEN });
    const asAnon = await savePostText(anonClient(), post.id, { content: 'Defaced' }, post.updated_at);
    expect(asAnon.status).toBe(401);
    expect(asAnon.error?.code).toBe('42501');
    expect(asAnon.error?.message).toMatch(/permission denied for function/);

    expect(await snapshot('blog_posts', post.id)).toEqual(before);
  });
});

describe('a cafe text block edited in place (save_content_block)', () => {
  it("writes the block and records exactly one version of its page, as the Pages editor's save does", async () => {
    const { page, blocks } = await createCafeLikePage();
    const [hero, intro] = blocks;
    const before = await snapshot('pages', page.id);
    expect(before.versions).toHaveLength(1);
    const content = { text: 'Our cafe opens early.', alignment: 'left', section: 'intro' };

    const res = await saveBlock(admin, intro.id, content, intro.updated_at);
    expect(res.error).toBeNull();
    const saved = res.data as unknown as Tables<'content_blocks'>;
    expect(saved).toMatchObject({ id: intro.id, page_id: page.id, content });
    expect(saved.updated_at).not.toBe(intro.updated_at);

    const after = await snapshot('pages', page.id);
    expect(after.blocks).toEqual([hero, { ...intro, content, updated_at: saved.updated_at }]);
    // The page is touched with its block, so an editor still holding the page as it was cannot write it back.
    expect(after.row).toMatchObject({ title: page.title, slug: page.slug, content: page.content });
    expect(after.row!.updated_at).not.toBe(page.updated_at);
    expect(after.versions).toHaveLength(2);
    expect(after.versions[1].version_data).toEqual({
      title: page.title,
      slug: page.slug,
      content: page.content,
      updated_at: after.row!.updated_at,
      blocks: [
        { block_type: 'text', content: hero.content, sort_order: 0, is_active: true },
        { block_type: 'text', content, sort_order: 1, is_active: true },
      ],
      sections: [],
    });
    expect(after.versions[1].created_by).toBe('admin');

    // Version History lists it first; Restore loads its blocks, the edited text among them.
    const [latest] = await versionsAsAdmin({ page_id: page.id });
    expect(latest.id).toBe(after.versions[1].id);
    expect(restoredFromVersion(latest.version_data).blocks.map((b) => b.content)).toEqual([hero.content, content]);

    // The Pages editor, still holding the page from before the edit, is answered 409 instead of reverting it.
    const stale = await admin.rpc('save_page', {
      p_page: { id: page.id },
      p_blocks: before.blocks.map(({ id, block_type, content: c }) => ({ id, block_type, content: c })),
      p_expected_updated_at: page.updated_at,
    });
    expect(stale.status).toBe(409);
    expect((await snapshot('pages', page.id)).blocks[1].content).toEqual(content);
  });

  it('records the post’s version for a block of a post', async () => {
    const post = await createPost();
    const [quote] = (await snapshot('blog_posts', post.id)).blocks;
    const res = await saveBlock(admin, quote.id, { text: 'Om mani padme hum.' }, quote.updated_at);
    expect(res.error).toBeNull();
    const after = await snapshot('blog_posts', post.id);
    expect(after.versions).toHaveLength(2);
    expect(after.versions[1].version_data).toMatchObject({
      content: post.content,
      blocks: [{ block_type: 'quote', content: { text: 'Om mani padme hum.' } }],
    });
  });

  it('refuses a block changed since the page was built with 409 PT409: nothing written, no version', async () => {
    const { page, blocks } = await createCafeLikePage();
    const [, intro] = blocks;
    const changed = await svc
      .from('content_blocks')
      .update({ content: { text: 'Changed elsewhere', alignment: 'left', section: 'intro' } })
      .eq('id', intro.id);
    expect(changed.error).toBeNull();
    const before = await snapshot('pages', page.id);

    const res = await saveBlock(admin, intro.id, { text: 'Mine', alignment: 'left' }, intro.updated_at);
    expect(res.status).toBe(409);
    expect(res.error).toMatchObject({ code: 'PT409', message: CONFLICT });
    expect(res.data).toBeNull();
    expect(await snapshot('pages', page.id)).toEqual(before);
  });

  it('answers a block deleted since the page was built with 409 PT409, and needs the loaded updated_at', async () => {
    const { page, blocks } = await createCafeLikePage();
    const [hero, intro] = blocks;
    await svc.from('content_blocks').delete().eq('id', intro.id);
    const before = await snapshot('pages', page.id);
    const gone = await saveBlock(admin, intro.id, { text: 'Back?' }, intro.updated_at);
    expect(gone.status).toBe(409);
    expect(gone.error).toMatchObject({ code: 'PT409', message: DELETED });

    const missing = await admin.rpc('save_content_block', {
      p_block_id: hero.id,
      p_content: { text: 'No check' },
      p_expected_updated_at: null as unknown as string,
    });
    expect(missing.status).toBe(400);
    expect(missing.error?.code).toBe('22023');
    const notAnObject = await saveBlock(admin, hero.id, 'just text' as never, hero.updated_at);
    expect(notAnObject.status).toBe(400);
    expect(notAnObject.error?.code).toBe('22023');
    expect(await snapshot('pages', page.id)).toEqual(before);
  });

  it('lets one of an in-place save and a concurrent editor save through, and answers the other with 409', async () => {
    const { page, blocks } = await createCafeLikePage();
    const [hero, intro] = blocks;
    const results = await Promise.all([
      saveBlock(admin, intro.id, { text: 'In place', alignment: 'left', section: 'intro' }, intro.updated_at),
      admin.rpc('save_page', {
        p_page: { id: page.id },
        p_blocks: [hero, { ...intro, content: { text: 'In the editor', alignment: 'left', section: 'intro' } }].map(
          ({ id, block_type, content }) => ({ id, block_type, content }),
        ),
        p_expected_updated_at: page.updated_at,
      }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const after = await snapshot('pages', page.id);
    expect(after.versions).toHaveLength(2);
    const text = (after.blocks[1].content as { text: string }).text;
    expect(
      (after.versions[1].version_data as { blocks: Array<{ content: { text: string } }> }).blocks[1].content.text,
    ).toBe(text);
  });

  it('is refused to a user without the admin role (403) and to anon (401): nothing written, no version', async () => {
    const { page, blocks } = await createCafeLikePage({ is_published: true });
    const draft = await createCafeLikePage();
    const [, intro] = blocks;
    const before = await snapshot('pages', page.id);
    const draftBefore = await snapshot('pages', draft.page.id);

    // A block the user can read (an active block of a published page), and one it cannot see.
    for (const block of [intro, draft.blocks[1]]) {
      const res = await saveBlock(user, block.id, { text: 'Defaced', alignment: 'left' }, block.updated_at);
      expect(res.status).toBe(403);
      expect(res.error).toMatchObject({ code: '42501', message: FORBIDDEN });
    }
    const asAnon = await saveBlock(anonClient(), intro.id, { text: 'Defaced', alignment: 'left' }, intro.updated_at);
    expect(asAnon.status).toBe(401);
    expect(asAnon.error?.code).toBe('42501');
    expect(asAnon.error?.message).toMatch(/permission denied for function/);

    expect(await snapshot('pages', page.id)).toEqual(before);
    expect(await snapshot('pages', draft.page.id)).toEqual(draftBefore);
  });
});
