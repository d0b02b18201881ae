/**
 * The database bounds what one section or content block may hold (#26): 210,000 characters of JSON, as the editors
 * say (src/admin/components/body-editors/body-values.ts). An admin's larger write is refused; one within it is kept.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceClient, signedInClient, type Client } from '../helpers/supabase';

let admin: Client;
let postId = '';

beforeAll(async () => {
  admin = (await signedInClient('admin')).client;
  const { data, error } = await serviceClient()
    .from('blog_posts')
    .insert({ slug: `bounds-${randomUUID().slice(0, 8)}`, title: 'Bounds', content: 'x', is_published: false })
    .select('id')
    .single();
  if (error) throw error;
  postId = data.id;
});
afterAll(async () => {
  await serviceClient().from('blog_posts').delete().eq('id', postId);
});

describe('sections and blocks', () => {
  const text = (n: number) => 'x'.repeat(n);

  it('sections refuse more than 210,000 characters of JSON', async () => {
    const row = (n: number) => ({ blog_post_id: postId, section_name: 'Big', section_content: { content: text(n) } });
    const tooBig = await admin.from('sections').insert(row(210_000));
    expect(tooBig.error?.code).toBe('23514');
    expect(tooBig.error?.message).toContain('sections_content_size');
    expect((await admin.from('sections').insert(row(200_000))).error).toBeNull();
  });

  it('content blocks refuse more than 210,000 characters of JSON', async () => {
    const row = (n: number) => ({ blog_post_id: postId, block_type: 'text', content: { text: text(n) } });
    const tooBig = await admin.from('content_blocks').insert(row(210_000));
    expect(tooBig.error?.code).toBe('23514');
    expect(tooBig.error?.message).toContain('content_blocks_content_size');
    expect((await admin.from('content_blocks').insert(row(200_000))).error).toBeNull();
  });
});
