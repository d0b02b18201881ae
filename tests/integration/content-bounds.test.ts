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
  it.each([
    ['sections', 'section_content', 'sections_content_size', { section_name: 'Big' }],
    ['content_blocks', 'content', 'content_blocks_content_size', { block_type: 'text' }],
  ] as const)('%s refuse more than 210,000 characters of JSON', async (table, column, constraint, extra) => {
    const row = (text: string) => ({ blog_post_id: postId, ...extra, [column]: { content: text } });
    const tooBig = await admin.from(table).insert(row('x'.repeat(210_000)));
    expect(tooBig.error?.code).toBe('23514');
    expect(tooBig.error?.message).toContain(constraint);
    const fits = await admin.from(table).insert(row('x'.repeat(200_000)));
    expect(fits.error).toBeNull();
  });
});
