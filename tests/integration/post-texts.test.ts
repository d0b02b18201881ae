/**
 * What a layered build reads of each post (#28, supabase/migrations/20261201000000_post_text_digest.sql): the
 * database keeps each text's digest and opening, and a build made from them shows what one made from the whole
 * texts shows: the same excerpt (non-ASCII and characters outside the BMP in the opening included), the same key
 * input, and the whole text of the posts that render. The save functions and the activity log pass over the two
 * generated columns.
 */
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBuildClient } from '../../src/lib/content/client';
import { fetchLivePosts, fetchPostTexts, toCategoryOptions, toPost } from '../../src/lib/content/blog';
import { EXCERPT_LENGTH, excerptOf } from '../../src/lib/blog/format';
import { roleClients, serviceClient, stackInfo, type Client } from '../helpers/supabase';

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

/** A text whose first 600 characters hold 300 astral ones (two UTF-16 units each) and no markdown to strip. */
const ASTRAL = `${'🙏ॐ'.repeat(150)}${'x'.repeat(400)} and on.\n\n## Later\n\nMore text.`;
/** Markdown whose opening is what excerptOf parses: a heading, emphasis, a link. */
const MARKDOWN = `# Morning kora\n\n*Walk* clockwise around [the stupa](/location/) at dawn. ${'Prayer wheels turn. '.repeat(60)}`;

let svc: Client;
let admin: Client;
const ids: string[] = [];

async function insertPost(content: string, published = true, excerpt: string | null = null) {
  const { data, error } = await svc
    .from('blog_posts')
    .insert({ title: 'Texts', slug: `texts-${randomUUID().slice(0, 8)}`, content, excerpt, is_published: published })
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  ids.push(data.id);
  return data.id;
}

beforeAll(async () => {
  svc = serviceClient();
  ({ admin } = await roleClients());
});

afterAll(async () => {
  if (ids.length) await svc.from('blog_posts').delete().in('id', ids);
});

describe('the digest and opening the database keeps of a post', () => {
  it('are the md5 of the text and its first EXCERPT_LENGTH * 4 characters, kept as the text changes', async () => {
    const id = await insertPost(ASTRAL);
    const read = async () =>
      (await svc.from('blog_posts').select('content, content_digest, content_opening').eq('id', id).single()).data!;
    let row = await read();
    expect(row.content_digest).toBe(md5(ASTRAL));
    expect([...row.content_opening]).toHaveLength(EXCERPT_LENGTH * 4);
    expect(ASTRAL.startsWith(row.content_opening)).toBe(true);
    await svc.from('blog_posts').update({ content: 'Short.' }).eq('id', id);
    row = await read();
    expect(row).toEqual({ content: 'Short.', content_digest: md5('Short.'), content_opening: 'Short.' });
  });

  it('makes the excerpt the whole text makes, whatever the opening holds', async () => {
    for (const text of [ASTRAL, MARKDOWN, 'Short.', `${'é'.repeat(599)}🙏 tail`]) {
      const id = await insertPost(text);
      const { data } = await svc.from('blog_posts').select('content_opening').eq('id', id).single();
      expect(excerptOf({ content: data!.content_opening })).toBe(excerptOf({ content: text }));
    }
  });
});

describe("a build's reads", () => {
  it('give the same posts read whole or by their openings, but the text', async () => {
    const astral = await insertPost(ASTRAL);
    const markdown = await insertPost(MARKDOWN);
    const client = createBuildClient(stackInfo().url, stackInfo().anonKey);
    const [whole, opening] = await Promise.all([fetchLivePosts(client, 'whole'), fetchLivePosts(client, 'opening')]);
    expect(opening.map((r) => r.id)).toEqual(whole.map((r) => r.id));
    const categories = toCategoryOptions([]);
    const shown = (rows: typeof whole) =>
      rows.map((row) => {
        const { content: _text, ...post } = toPost(row, categories);
        return { ...post, contentDigest: row.content_digest };
      });
    expect(shown(opening)).toEqual(shown(whole));
    const byId = new Map(whole.map((r) => [r.id, r]));
    expect(byId.get(astral)!.content).toBe(ASTRAL);
    expect(byId.get(markdown)!.content_digest).toBe(md5(MARKDOWN));
    // The opening read carries no more of a text than its opening.
    expect(opening.find((r) => r.id === markdown)!.content.length).toBeLessThan(MARKDOWN.length);
  });

  it('read the whole texts of the posts named, or of every live post, and never of a draft', async () => {
    const a = await insertPost(MARKDOWN);
    const b = await insertPost(ASTRAL);
    const draft = await insertPost('Not yet.', false);
    const client = createBuildClient(stackInfo().url, stackInfo().anonKey);
    const named = await fetchPostTexts(client, [a, b, draft]);
    expect(named).toEqual(
      new Map([
        [a, MARKDOWN],
        [b, ASTRAL],
      ]),
    );
    // More ids than one request takes (100 a request).
    const many = [...Array.from({ length: 150 }, () => randomUUID()), a];
    expect(await fetchPostTexts(client, many)).toEqual(new Map([[a, MARKDOWN]]));
    const all = await fetchPostTexts(client, 'all');
    expect(all.get(a)).toBe(MARKDOWN);
    expect(all.has(draft)).toBe(false);
    const live = await fetchLivePosts(client, 'whole');
    expect(all.size).toBe(live.length);
  });
});

describe('the generated columns and what writes posts', () => {
  it('save_blog_post passes them over, and the database keeps them true', async () => {
    const { data, error } = await admin.rpc('save_blog_post', {
      p_post: {
        title: 'Saved',
        slug: `saved-${randomUUID().slice(0, 8)}`,
        content: 'Saved text.',
        content_digest: 'forged',
      },
    });
    expect(error).toBeNull();
    const saved = data as unknown as { id: string; content_digest: string; content_opening: string };
    ids.push(saved.id);
    expect(saved.content_digest).toBe(md5('Saved text.'));
    expect(saved.content_opening).toBe('Saved text.');
  });

  it('a direct write of one is refused by the database', async () => {
    const id = await insertPost('Mine.');
    const { error } = await admin
      .from('blog_posts')
      .update({ content_digest: 'forged' } as never)
      .eq('id', id);
    expect(error?.message).toMatch(/content_digest/);
  });

  it('the activity log records the text, not the columns that follow from it', async () => {
    const id = await insertPost('Before.');
    await admin.from('blog_posts').update({ content: 'After.' }).eq('id', id);
    const { data } = await svc
      .from('activity_log')
      .select('action, old_values, new_values')
      .eq('table_name', 'blog_posts')
      .eq('row_id', id)
      .order('id');
    expect(data!.map((e) => e.action)).toEqual(['insert', 'update']);
    expect(data![0].new_values).not.toHaveProperty('content_digest');
    expect(data![0].new_values).not.toHaveProperty('content_opening');
    expect(data![1].old_values).toEqual({ content: 'Before.' });
    expect(data![1].new_values).toEqual({ content: 'After.' });
  });
});
