import type { BuildClient } from './client';
import { readAll } from './read-all';
import { withUsableUrls } from './clean';
import type { PostCard } from '../blog/types';
import { POST_COLUMNS, selectOf, type Post, type PostRow } from '../blog/post';

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
export function toCard(post: Post): PostCard {
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

/** Live posts, newest first. Row-level security keeps drafts and scheduled posts out (D2, D12). */
export async function fetchLivePosts(client: BuildClient): Promise<PostRow[]> {
  const rows = (await readAll('blog_posts', (from, to) =>
    client
      .from('blog_posts')
      .select(selectOf(POST_COLUMNS))
      .eq('is_published', true)
      .order('created_at', { ascending: false })
      .order('id', { ascending: true })
      .range(from, to),
  )) as PostRow[];
  return withUsableUrls(
    'blog_posts',
    rows,
    ['featured_image', 'author_image', 'canonical_url', 'twitter_image'],
    (r) => `${r.id} (${r.slug})`,
  );
}
