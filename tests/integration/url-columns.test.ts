/**
 * URL columns hold only what a page can safely use (issue #16): an http(s) URL with a plain host, or a
 * root-relative path that no browser reads as another host. Checked by the database for every writer.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { serviceClient } from '../helpers/supabase';
import type { TablesInsert } from '../../src/lib/supabase/database.types';

const db = serviceClient();
const posts: string[] = [];
const redirects: string[] = [];

afterAll(async () => {
  if (posts.length) await db.from('blog_posts').delete().in('id', posts);
  if (redirects.length) await db.from('seo_redirects').delete().in('id', redirects);
});

type UrlColumn = 'canonical_url' | 'featured_image' | 'twitter_image' | 'author_image';

async function postWith(column: UrlColumn, value: string) {
  const row: TablesInsert<'blog_posts'> = {
    title: 'URL check',
    slug: `url-check-${randomUUID().slice(0, 8)}`,
    content: 'Body',
  };
  row[column] = value;
  const { data, error } = await db.from('blog_posts').insert(row).select('id').maybeSingle();
  if (data) posts.push(data.id);
  return error?.code ?? null;
}

describe('URL columns', () => {
  it.each([
    ['canonical_url', 'javascript:alert(1)'],
    ['twitter_image', 'javascript:alert(1)'],
    ['author_image', 'data:image/svg+xml,<svg onload=alert(1)>'],
    ['featured_image', 'http://[bad'],
    ['featured_image', '//evil.example/x.jpg'],
    ['featured_image', '/\\evil.example/x.jpg'],
    ['canonical_url', 'https://hotel.example/a b'],
    ['canonical_url', 'ftp://hotel.example/'],
  ] as const)('refuses %s = %j with a check violation', async (column, value) => {
    expect(await postWith(column, value)).toBe('23514');
  });

  it.each([
    ['canonical_url', 'https://boudhamandala.example/blog/kora/'],
    ['featured_image', 'http://127.0.0.1:54321/storage/v1/object/public/blog-images/featured/a.jpg'],
    ['twitter_image', '/images/stupa.jpg'],
    ['author_image', 'https://cdn.example/a.png?w=200#x'],
  ] as const)('accepts %s = %j', async (column, value) => {
    expect(await postWith(column, value)).toBeNull();
  });

  it.each(['//evil.example/', '/\\evil.example', '/.//evil.example/', '/a/../admin/', '/x\\y/'])(
    'refuses the redirect target %j (an off-site redirect)',
    async (to) => {
      const { data, error } = await db
        .from('seo_redirects')
        .insert({ from_url: `/old-${randomUUID().slice(0, 8)}`, to_url: to })
        .select('id')
        .maybeSingle();
      if (data) redirects.push(data.id);
      expect(error?.code).toBe('23514');
    },
  );
});
