/**
 * The editors' atomic saves (D24): save_blog_post and save_page write the row, its blocks and sections and a
 * version in one transaction, with the updated_at check of D18, as the caller (row-level security decides).
 * Every refusal is checked twice: by what supabase-js returns, and by reading everything back with the service
 * role to see that nothing was half-saved.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Json, Tables } from '../../src/lib/supabase/database.types';
import { anonClient, roleClients, serviceClient, type Client } from '../helpers/supabase';

const CONFLICT =
  'This item was changed by someone else since you opened it. Your changes were not saved; reload to see the latest version.';
const DELETED = 'This item was deleted by someone else since you opened it. Your changes were not saved.';
const FORBIDDEN = 'You do not have permission to save this item.';

type Kind = 'post' | 'page';
type Row = Record<string, unknown>;
interface SaveArgs {
  row: Row;
  blocks?: Row[] | null;
  sections?: Row[] | null;
  expected?: string | null;
  note?: string | null;
}

const FN = { post: 'save_blog_post', page: 'save_page' } as const;
const ROW_ARG = { post: 'p_post', page: 'p_page' } as const;
const TABLE = { post: 'blog_posts', page: 'pages' } as const;
const PARENT = { post: 'blog_post_id', page: 'page_id' } as const;

const slug = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;

/**
 * Calls a save function with named arguments, leaving out the ones not given (they default to null). One helper
 * serves both functions, whose row argument differs in name (p_post, p_page), hence the cast.
 */
async function save(client: Client, kind: Kind, a: SaveArgs) {
  const args: Record<string, unknown> = { [ROW_ARG[kind]]: a.row };
  if (a.blocks !== undefined) args.p_blocks = a.blocks;
  if (a.sections !== undefined) args.p_sections = a.sections;
  if (a.expected !== undefined) args.p_expected_updated_at = a.expected;
  if (a.note !== undefined) args.p_change_note = a.note;
  const res = await client.rpc(FN[kind], args as never);
  return { ...res, data: res.data as (Tables<'blog_posts'> & Tables<'pages'>) | null };
}

let svc: Client;
let admin: Client;
let user: Client;
const created: Record<Kind, string[]> = { post: [], page: [] };

beforeAll(async () => {
  svc = serviceClient();
  ({ admin, user } = await roleClients());
});

afterAll(async () => {
  if (created.post.length) await svc.from('blog_posts').delete().in('id', created.post);
  if (created.page.length) await svc.from('pages').delete().in('id', created.page);
});

/** Everything a save may touch for one parent, read past row-level security. */
async function snapshot(kind: Kind, id: string) {
  const parent = PARENT[kind];
  const [row, blocks, sections, versions] = await Promise.all([
    svc.from(TABLE[kind]).select('*').eq('id', id).maybeSingle(),
    svc.from('content_blocks').select('*').eq(parent, id).order('sort_order').order('id'),
    svc.from('sections').select('*').eq(parent, id).order('sort_order').order('id'),
    svc.from('content_versions').select('*').eq(parent, id).order('created_at').order('id'),
  ]);
  for (const r of [row, blocks, sections, versions]) if (r.error) throw r.error;
  return { row: row.data as Row | null, blocks: blocks.data!, sections: sections.data!, versions: versions.data! };
}

const base = (kind: Kind, extra: Row = {}): Row =>
  kind === 'post'
    ? { title: 'Puja at the stupa', slug: slug('save-post'), content: 'Morning prayers.', ...extra }
    : { title: 'Cafe', slug: slug('save-page'), content: 'Brunch all day.', ...extra };

/** Creates a parent with two blocks and one section as the admin. */
async function createWithChildren(kind: Kind) {
  const res = await save(admin, kind, {
    row: base(kind),
    blocks: [
      { block_type: 'heading', content: { text: 'Welcome', level: 2 } },
      { block_type: 'text', content: { text: 'First paragraph' } },
    ],
    sections: [{ section_name: 'Hours', section_content: { title: 'Open', content: '7 to 21' } }],
    note: 'first draft',
  });
  expect(res.error).toBeNull();
  const row = res.data!;
  created[kind].push(row.id);
  return row;
}

describe.each<Kind>(['post', 'page'])('%s: atomic save', (kind) => {
  it('creates the row, its blocks and section, and a version, as the admin', async () => {
    const row = await createWithChildren(kind);
    expect(row.title).toBe(kind === 'post' ? 'Puja at the stupa' : 'Cafe');
    expect(row.is_published).toBe(false); // absent fields take the table's defaults
    expect(row.is_indexed).toBe(true);
    const s = await snapshot(kind, row.id);
    expect(s.row).toMatchObject({ id: row.id, updated_at: row.updated_at });
    expect(s.blocks.map((b) => [b.block_type, b.content, b.sort_order])).toEqual([
      ['heading', { text: 'Welcome', level: 2 }, 0],
      ['text', { text: 'First paragraph' }, 1],
    ]);
    expect(s.sections.map((x) => [x.section_name, x.section_content])).toEqual([
      ['Hours', { title: 'Open', content: '7 to 21' }],
    ]);
    expect(s.versions).toHaveLength(1);
    expect(s.versions[0].version_data).toMatchObject({
      title: row.title,
      slug: row.slug,
      content: row.content,
      change_note: 'first draft',
      blocks: [
        { block_type: 'heading', content: { text: 'Welcome', level: 2 }, sort_order: 0, is_active: true },
        { block_type: 'text', content: { text: 'First paragraph' }, sort_order: 1, is_active: true },
      ],
      sections: [{ section_name: 'Hours', sort_order: 0 }],
    });
    expect(s.versions[0].created_by).toBe('admin');
  });

  it('updates everything with the loaded updated_at, deleting blocks left out of the list, and adds a version', async () => {
    const row = await createWithChildren(kind);
    const before = await snapshot(kind, row.id);
    const [heading] = before.blocks;
    const [section] = before.sections;
    const res = await save(admin, kind, {
      row: { ...row, title: 'Renamed', content: 'New body' }, // the whole loaded row, as an editor sends it
      blocks: [
        { ...heading, content: { text: 'Hello', level: 3 } },
        { block_type: 'quote', content: { text: 'Om mani padme hum', author: 'mantra' } },
      ],
      sections: [{ id: section.id, section_name: 'Opening hours', is_active: false }],
      expected: row.updated_at,
    });
    expect(res.error).toBeNull();
    expect(res.data).toMatchObject({ id: row.id, title: 'Renamed', content: 'New body', slug: row.slug });
    expect(res.data!.updated_at).not.toBe(row.updated_at);

    const after = await snapshot(kind, row.id);
    expect(after.row).toMatchObject({ title: 'Renamed', updated_at: res.data!.updated_at });
    expect(after.blocks.map((b) => [b.id === heading.id, b.block_type, b.content, b.sort_order])).toEqual([
      [true, 'heading', { text: 'Hello', level: 3 }, 0],
      [false, 'quote', { text: 'Om mani padme hum', author: 'mantra' }, 1],
    ]);
    expect(after.blocks.map((b) => b.id)).not.toContain(before.blocks[1].id);
    expect(after.sections).toEqual([
      expect.objectContaining({
        id: section.id,
        section_name: 'Opening hours',
        is_active: false,
        section_content: section.section_content,
      }),
    ]);
    expect(after.versions).toHaveLength(2);
    expect(after.versions[1].version_data).toMatchObject({
      title: 'Renamed',
      blocks: [{ block_type: 'heading' }, { block_type: 'quote' }],
    });
    expect(after.versions[1].version_data).not.toHaveProperty('change_note');
  });

  it('leaves blocks and sections alone when their lists are null, still recording a version of them', async () => {
    const row = await createWithChildren(kind);
    const before = await snapshot(kind, row.id);
    const res = await save(admin, kind, {
      row: { id: row.id, title: 'Only the title' },
      blocks: null,
      sections: null,
      expected: row.updated_at,
    });
    expect(res.error).toBeNull();
    const after = await snapshot(kind, row.id);
    expect(after.row).toMatchObject({ title: 'Only the title', content: row.content });
    expect(after.blocks).toEqual(before.blocks);
    expect(after.sections).toEqual(before.sections);
    expect(after.versions).toHaveLength(2);
    expect((after.versions[1].version_data as { blocks: Json[] }).blocks).toHaveLength(2);
  });

  it('answers a stale updated_at with 409 PT409 and changes nothing', async () => {
    const row = await createWithChildren(kind);
    const second = await save(admin, kind, {
      row: { id: row.id, title: 'Saved by someone else' },
      expected: row.updated_at,
    });
    expect(second.error).toBeNull();
    const before = await snapshot(kind, row.id);

    const res = await save(admin, kind, {
      row: { id: row.id, title: 'Mine', content: 'Mine too' },
      blocks: [{ block_type: 'text', content: { text: 'would replace both blocks' } }],
      sections: [],
      expected: row.updated_at, // what the editor loaded before the other save
      note: 'lost',
    });
    expect(res.status).toBe(409);
    expect(res.error?.code).toBe('PT409');
    expect(res.error?.message).toBe(CONFLICT);
    expect(res.data).toBeNull();
    expect(await snapshot(kind, row.id)).toEqual(before);
  });

  it('lets one of two concurrent saves of the same loaded version through, and answers the other with 409', async () => {
    const row = await createWithChildren(kind);
    const results = await Promise.all(
      ['A', 'B'].map((who) =>
        save(admin, kind, {
          row: { id: row.id, title: `Saved by ${who}` },
          blocks: [{ block_type: 'text', content: { text: who } }],
          expected: row.updated_at,
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.status === 200)!.data!;
    const after = await snapshot(kind, row.id);
    expect(after.row).toMatchObject({ title: winner.title, updated_at: winner.updated_at });
    expect(after.blocks.map((b) => b.content)).toEqual([{ text: winner.title.slice(-1) }]);
    expect(after.versions).toHaveLength(2);
  });

  it('rolls the row back when a block fails its constraint: nothing is half-saved', async () => {
    const row = await createWithChildren(kind);
    const before = await snapshot(kind, row.id);
    const res = await save(admin, kind, {
      row: { id: row.id, title: 'Should not stick' },
      blocks: [
        { block_type: 'text', content: { text: 'fine' } },
        { block_type: 'hologram', content: {} },
      ],
      sections: [{ section_name: 'New section' }],
      expected: row.updated_at,
    });
    expect(res.status).toBe(400);
    expect(res.error?.code).toBe('23514');
    expect(res.error?.message).toMatch(/content_blocks_block_type_check/);
    expect(await snapshot(kind, row.id)).toEqual(before);
  });

  it('creates nothing when a section fails on a new row', async () => {
    const row = base(kind);
    const res = await save(admin, kind, {
      row,
      blocks: [{ block_type: 'text', content: { text: 'fine' } }],
      sections: [{ section_name: '   ' }],
    });
    expect(res.error?.code).toBe('23514');
    const { data } = await svc
      .from(TABLE[kind])
      .select('id')
      .eq('slug', row.slug as string);
    expect(data).toEqual([]);
  });

  it('refuses a signed-in user without the admin role (403, 42501) and changes nothing', async () => {
    const row = await createWithChildren(kind);
    const before = await snapshot(kind, row.id);
    const update = await save(user, kind, {
      row: { id: row.id, title: 'Defaced' },
      blocks: [],
      sections: [],
      expected: row.updated_at,
    });
    expect(update.status).toBe(403);
    expect(update.error).toMatchObject({ code: '42501', message: FORBIDDEN });
    expect(await snapshot(kind, row.id)).toEqual(before);

    // A published row the user can read, but not change.
    const published = await svc
      .from(TABLE[kind])
      .update({ is_published: true })
      .eq('id', row.id)
      .select('updated_at')
      .single();
    const visible = await snapshot(kind, row.id);
    const update2 = await save(user, kind, {
      row: { id: row.id, title: 'Defaced' },
      expected: published.data!.updated_at,
    });
    expect(update2.status).toBe(403);
    expect(update2.error).toMatchObject({ code: '42501', message: FORBIDDEN });
    expect(await snapshot(kind, row.id)).toEqual(visible);

    const fresh = base(kind);
    const create = await save(user, kind, { row: fresh, blocks: [{ block_type: 'text' }] });
    expect(create.status).toBe(403);
    expect(create.error).toMatchObject({ code: '42501', message: FORBIDDEN });
    const { data } = await svc
      .from(TABLE[kind])
      .select('id')
      .eq('slug', fresh.slug as string);
    expect(data).toEqual([]);
  });

  it('is not executable by anon (401, 42501)', async () => {
    const fresh = base(kind);
    const res = await save(anonClient(), kind, { row: fresh });
    expect(res.status).toBe(401);
    expect(res.error?.code).toBe('42501');
    expect(res.error?.message).toMatch(/permission denied for function/);
    const { data } = await svc
      .from(TABLE[kind])
      .select('id')
      .eq('slug', fresh.slug as string);
    expect(data).toEqual([]);
  });

  it('answers a row deleted since it was loaded with 409 PT409', async () => {
    const row = await createWithChildren(kind);
    await svc.from(TABLE[kind]).delete().eq('id', row.id);
    const res = await save(admin, kind, { row: { id: row.id, title: 'Back?' }, expected: row.updated_at });
    expect(res.status).toBe(409);
    expect(res.error).toMatchObject({ code: 'PT409', message: DELETED });
    expect((await snapshot(kind, row.id)).row).toBeNull();
  });

  it('refuses a block of another item, and a field the table does not have (400)', async () => {
    const row = await createWithChildren(kind);
    const other = await createWithChildren(kind);
    const [otherBlock] = (await snapshot(kind, other.id)).blocks;
    const before = await snapshot(kind, row.id);
    const foreign = await save(admin, kind, {
      row: { id: row.id },
      blocks: [{ id: otherBlock.id, block_type: 'text', content: { text: 'stolen' } }],
      expected: row.updated_at,
    });
    expect(foreign.status).toBe(400);
    expect(foreign.error?.code).toBe('22023');
    const unknown = await save(admin, kind, { row: { id: row.id, colour: 'red' }, expected: row.updated_at });
    expect(unknown.status).toBe(400);
    expect(unknown.error).toMatchObject({ code: '42703', message: expect.stringMatching(/no field named colour/) });
    const missing = await save(admin, kind, { row: { id: row.id, title: 'No check' } });
    expect(missing.status).toBe(400);
    expect(missing.error?.code).toBe('22023');
    expect(await snapshot(kind, row.id)).toEqual(before);
    expect((await snapshot(kind, other.id)).blocks[0]).toEqual(otherBlock);
  });

  it("words the spec's required fields", async () => {
    const res = await save(admin, kind, { row: base(kind, { title: '  ', content: '' }) });
    expect(res.status).toBe(400);
    expect(res.error).toMatchObject({
      code: '23514',
      message: kind === 'post' ? 'Title and content are required' : 'Title is required',
    });
  });
});

/** D23: moving a published item keeps its old address alive with a 301, in the same transaction. */
describe.each<Kind>(['post', 'page'])('%s: a changed address keeps working', (kind) => {
  const pathOf = (s: string) => (kind === 'post' ? `/blog/${s}/` : `/${s}/`);
  const redirectsFrom = async (paths: string[]) =>
    (await svc.from('seo_redirects').select('from_url, to_url, redirect_type, is_active').in('from_url', paths)).data!;
  const movedRedirects: string[] = [];
  afterAll(async () => {
    if (movedRedirects.length) await svc.from('seo_redirects').delete().in('from_url', movedRedirects);
  });

  async function published() {
    const res = await save(admin, kind, { row: base(kind, { is_published: true }) });
    expect(res.error).toBeNull();
    created[kind].push(res.data!.id);
    return res.data!;
  }
  async function rename(row: { id: string; updated_at: string }, newSlug: string, extra: Row = {}) {
    const res = await save(admin, kind, {
      row: { id: row.id, slug: newSlug, ...(kind === 'page' ? { custom_url: null } : {}), ...extra },
      expected: row.updated_at,
    });
    expect(res.error).toBeNull();
    return res.data!;
  }

  it('adds an active 301 from the old path when a published item changes its slug', async () => {
    const row = await published();
    const next = slug('moved');
    movedRedirects.push(pathOf(row.slug), pathOf(next));
    await rename(row, next);
    expect(await redirectsFrom([pathOf(row.slug)])).toEqual([
      { from_url: pathOf(row.slug), to_url: pathOf(next), redirect_type: 301, is_active: true },
    ]);
  });

  it('collapses the chain and switches off the rule back when the item moves again, then back', async () => {
    const row = await published();
    const [a, b, c] = [row.slug, slug('second'), slug('third')];
    movedRedirects.push(pathOf(a), pathOf(b), pathOf(c));
    const second = await rename(row, b);
    const third = await rename(second, c);
    expect(await redirectsFrom([pathOf(a), pathOf(b)])).toEqual(
      expect.arrayContaining([
        { from_url: pathOf(a), to_url: pathOf(c), redirect_type: 301, is_active: true },
        { from_url: pathOf(b), to_url: pathOf(c), redirect_type: 301, is_active: true },
      ]),
    );
    // Back to the first address: its rule is switched off (no loop), the others point to it.
    await rename(third, a);
    const rules = await redirectsFrom([pathOf(a), pathOf(b), pathOf(c)]);
    expect(rules).toHaveLength(3);
    expect(rules).toEqual(
      expect.arrayContaining([
        { from_url: pathOf(a), to_url: pathOf(c), redirect_type: 301, is_active: false },
        { from_url: pathOf(b), to_url: pathOf(a), redirect_type: 301, is_active: true },
        { from_url: pathOf(c), to_url: pathOf(a), redirect_type: 301, is_active: true },
      ]),
    );
  });

  it('adds nothing for a draft, or when the address stays the same', async () => {
    const draft = (await save(admin, kind, { row: base(kind) })).data!;
    created[kind].push(draft.id);
    const next = slug('draft-moved');
    await rename(draft, next);
    const row = await published();
    await rename(row, row.slug, { title: 'Same address, new title' });
    expect(await redirectsFrom([pathOf(draft.slug), pathOf(next), pathOf(row.slug)])).toEqual([]);
  });

  it('rolls the redirect back with the save when the save fails', async () => {
    const row = await published();
    const res = await save(admin, kind, {
      row: { id: row.id, slug: slug('never'), ...(kind === 'page' ? { custom_url: null } : {}) },
      blocks: [{ block_type: 'no-such-type', content: {} }],
      expected: row.updated_at,
    });
    expect(res.error).not.toBeNull();
    expect(await redirectsFrom([pathOf(row.slug)])).toEqual([]);
  });
});
