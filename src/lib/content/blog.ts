import type { BuildClient } from './client';
import { readAll } from './read-all';
import { withUsableUrls } from './clean';
import type { PostCard } from '../blog/types';
import { POST_COLUMNS, POST_LIST_COLUMNS, selectOf, type Post, type PostRow } from '../blog/post';
import { readFailed } from './client';
import { UNKEPT_READ } from './prefetch';

/**
 * Blog view models for the build: what the list, the cards, the search index and the post pages need, nothing
 * more. The post itself (its columns, toPost) is defined once in src/lib/blog/post.ts, shared with the admin.
 */
export {
  FALLBACK_CATEGORIES,
  POST_COLUMNS,
  renderPostContent,
  toCategoryOptions,
  toPost,
  type Post,
  type PostRow,
} from '../blog/post';

/** The card of a post (what lists and the search index carry). */
export function toCard(post: Omit<Post, 'content'>): PostCard {
  const { slug, title, excerpt, categoryKey, categoryLabel, dateIso, dateLabel, author, image, imageAlt } = post;
  const card = { slug, title, excerpt, categoryKey, categoryLabel, dateIso, dateLabel, author, image, imageAlt };
  return post.imageSrcset ? { ...card, imageSrcset: post.imageSrcset } : card;
}

/** Up to two related articles: the first two other posts of the list (spec). */
export function relatedPosts(posts: PostCard[], slug: string, count = 2): PostCard[] {
  // Only the first count + 1 can matter: a scan of the whole list for each of ten thousand posts would not.
  return posts
    .slice(0, count + 1)
    .filter((p) => p.slug !== slug)
    .slice(0, count);
}

export async function fetchCategories(client: BuildClient) {
  return readAll('categories', (from, to) =>
    client.from('categories').select('name, slug').order('name', { ascending: true }).range(from, to),
  );
}

/** A live post as the build reads it: the row, and the digest of its text (part of its page's key). */
export type LivePostRow = PostRow & { content_digest: string };

const WHOLE_COLUMNS = [...POST_COLUMNS, 'content_digest'] as const;

/**
 * Live posts, newest first. Row-level security keeps drafts and scheduled posts out (D2, D12).
 *
 * `text: 'whole'` reads each post's whole text. `'opening'` reads its first 600 characters instead, kept by the
 * database (blog_posts.content_opening): all the excerpt can use (excerptOf), and in `content` in its place. A layered
 * build reads that way and then the whole texts of the posts that render only (fetchPostTexts): with posts of a few
 * kilobytes, reading every text cost a publish about a second at 10,000 posts (#28).
 */
export async function fetchLivePosts(client: BuildClient, text: 'whole' | 'opening'): Promise<LivePostRow[]> {
  const live = <Q extends { eq: (c: 'is_published', v: boolean) => Q; order: (c: string, o: object) => Q }>(q: Q) =>
    q.eq('is_published', true).order('created_at', { ascending: false }).order('id', { ascending: true });
  const rows: LivePostRow[] =
    text === 'whole'
      ? await readAll('blog_posts', (from, to) =>
          live(client.from('blog_posts').select(selectOf(WHOLE_COLUMNS))).range(from, to),
        )
      : (
          await readAll('blog_posts', (from, to) =>
            live(client.from('blog_posts').select(selectOf(POST_LIST_COLUMNS))).range(from, to),
          )
        ).map(({ content_opening, ...row }) => ({ ...row, content: content_opening }));
  return withUsableUrls(
    'blog_posts',
    rows,
    ['featured_image', 'author_image', 'canonical_url', 'twitter_image'],
    (r) => `${r.id} (${r.slug})`,
  );
}

/** Ids in one `in` filter: about 3.8 KB of address, well inside what PostgREST and the gateway take. */
const IDS_AT_ONCE = 100;

/**
 * The whole texts of live posts, by id: of the posts named (a layered build's posts that render), or of every live
 * post (`'all'`, read in pages as fetchLivePosts). A post unpublished or deleted since is missing from the map.
 *
 * The next build starts a build's reads early (prefetch.ts), and it mostly renders the same post again (staff save
 * one post several times): a read of one request's ids is kept for it. A longer one is not (UNKEPT_READ): it follows
 * a change to many pages, which the next build seldom repeats, and at 10,000 posts of a few kilobytes the read of
 * every text is 45 MB.
 */
export async function fetchPostTexts(client: BuildClient, ids: string[] | 'all'): Promise<Map<string, string>> {
  const columns = 'id, content' as const;
  const rows =
    ids === 'all'
      ? await readAll('blog_posts', (from, to) =>
          client
            .from('blog_posts')
            .select(columns)
            .eq('is_published', true)
            .order('id')
            .range(from, to)
            .setHeader(UNKEPT_READ, '1'),
        )
      : (
          await Promise.all(
            Array.from({ length: Math.ceil(ids.length / IDS_AT_ONCE) }, async (_, i) => {
              const read = client
                .from('blog_posts')
                .select(columns)
                .eq('is_published', true)
                .in('id', ids.slice(i * IDS_AT_ONCE, (i + 1) * IDS_AT_ONCE));
              if (ids.length > IDS_AT_ONCE) read.setHeader(UNKEPT_READ, '1');
              const { data, error } = await read;
              if (error) readFailed('blog_posts', error);
              return data ?? [];
            }),
          )
        ).flat();
  return new Map(rows.map((r) => [r.id, r.content]));
}
