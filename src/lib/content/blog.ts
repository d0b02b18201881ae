import { formatPostDate, postDate, excerptOf, authorName, authorRole, UNCATEGORIZED } from '../blog/format';
import { renderMarkdown, type RenderOptions } from '../markdown/render';
import type { BuildClient } from './client';
import { readAll } from './read-all';
import { withUsableUrls } from './clean';
import type { Tables } from '../supabase/database.types';
import type { CategoryOption, PostCard } from '../blog/types';

/** Blog view models: what the list, the cards, the search index and the post pages need, nothing more. */

export interface Post extends PostCard {
  id: string;
  authorRole: string;
  authorImage: string | null;
  /** The markdown as stored: rendered by renderPostContent when the page itself is rendered (#17). */
  content: string;
  updatedAt: string;
  seo: Pick<
    Tables<'blog_posts'>,
    | 'title'
    | 'meta_title'
    | 'meta_description'
    | 'excerpt'
    | 'featured_image'
    | 'alt_text'
    | 'canonical_url'
    | 'seo_keywords'
    | 'og_title'
    | 'og_description'
    | 'og_type'
    | 'twitter_card'
    | 'twitter_title'
    | 'twitter_description'
    | 'twitter_image'
    | 'schema_markup'
    | 'is_indexed'
  >;
}

/** When the database has no categories, the blog offers these (spec). */
export const FALLBACK_CATEGORIES: CategoryOption[] = [
  { key: 'spirituality', label: 'Spirituality' },
  { key: 'wellness', label: 'Wellness' },
  { key: 'travel', label: 'Travel Tips' },
  { key: 'culture', label: 'Local Culture' },
  { key: 'hotel', label: 'Hotel News' },
];

const POST_COLUMNS =
  'id, slug, title, excerpt, content, category, featured_image, alt_text, author_name, author_role, author_image, published_date, created_at, updated_at, is_indexed, meta_title, meta_description, canonical_url, seo_keywords, og_title, og_description, og_type, twitter_card, twitter_title, twitter_description, twitter_image, schema_markup';

type PostRow = Pick<
  Tables<'blog_posts'>,
  | 'id'
  | 'slug'
  | 'title'
  | 'excerpt'
  | 'content'
  | 'category'
  | 'featured_image'
  | 'alt_text'
  | 'author_name'
  | 'author_role'
  | 'author_image'
  | 'published_date'
  | 'created_at'
  | 'updated_at'
> &
  Post['seo'];

/** Category options from rows (by slug or lower-cased name); the spec's fallback list when there are none. */
export function toCategoryOptions(rows: Array<{ name: string; slug: string | null }>): CategoryOption[] {
  if (!rows.length) return FALLBACK_CATEGORIES;
  return rows.map((r) => ({ key: r.slug?.trim() || r.name.toLowerCase(), label: r.name }));
}

/**
 * A post's markdown as its page shows it. Kept out of toPost so that a build which reuses a post's page
 * (incremental builds, #17) does not render its text at all.
 */
export const renderPostContent = (content: string, render: RenderOptions = {}) =>
  renderMarkdown(content, { topLevel: 2, ...render });

/** Shapes a post row, naming its category from the options (else the raw value, else 'Uncategorized'). */
export function toPost(row: PostRow, categories: CategoryOption[]): Post {
  const key = row.category?.trim() || null;
  const label = key ? (categories.find((c) => c.key === key.toLowerCase())?.label ?? key) : UNCATEGORIZED;
  const date = postDate(row);
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: excerptOf(row),
    categoryKey: key?.toLowerCase() ?? null,
    categoryLabel: label,
    dateIso: date,
    dateLabel: formatPostDate(date),
    author: authorName(row.author_name),
    authorRole: authorRole(row.author_role),
    authorImage: row.author_image?.trim() || null,
    image: row.featured_image?.trim() || null,
    imageAlt: row.alt_text?.trim() || row.title,
    content: row.content,
    updatedAt: row.updated_at,
    seo: {
      title: row.title,
      meta_title: row.meta_title,
      meta_description: row.meta_description,
      excerpt: row.excerpt,
      featured_image: row.featured_image,
      alt_text: row.alt_text,
      canonical_url: row.canonical_url,
      seo_keywords: row.seo_keywords,
      og_title: row.og_title,
      og_description: row.og_description,
      og_type: row.og_type,
      twitter_card: row.twitter_card,
      twitter_title: row.twitter_title,
      twitter_description: row.twitter_description,
      twitter_image: row.twitter_image,
      schema_markup: row.schema_markup,
      is_indexed: row.is_indexed,
    },
  };
}

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
      .select(POST_COLUMNS)
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
