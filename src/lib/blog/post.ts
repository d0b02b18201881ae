/**
 * A blog post, defined once (#27): the columns a post page reads (one `as const` list that types the row), and the
 * view model the page and the admin's live preview both show (src/components/blog/PostArticle.tsx): the same
 * fallbacks (Anonymous, Writer, Uncategorized), the date in Nepal time, the excerpt rule. Pure: shared by the
 * build (src/lib/content/blog.ts) and the browser (src/admin/features/blog-posts/).
 */
import { formatPostDate, postDate, excerptOf, authorName, authorRole, UNCATEGORIZED } from './format';
import { renderMarkdown, type RenderOptions } from '../markdown/render';
import type { Tables } from '../supabase/database.types';
import type { CategoryOption, PostCard } from './types';

/** The SEO columns a post's head reads (D8). */
export const POST_SEO_COLUMNS = [
  'title',
  'meta_title',
  'meta_description',
  'excerpt',
  'featured_image',
  'alt_text',
  'canonical_url',
  'seo_keywords',
  'og_title',
  'og_description',
  'og_type',
  'twitter_card',
  'twitter_title',
  'twitter_description',
  'twitter_image',
  'schema_markup',
  'is_indexed',
] as const;

/** A post's own columns besides its text and SEO fields. */
const POST_META_COLUMNS = [
  'id',
  'slug',
  'category',
  'author_name',
  'author_role',
  'author_image',
  'published_date',
  'created_at',
  'updated_at',
] as const;

/** Every column a post page reads: the select list, and the row's type. */
export const POST_COLUMNS = [...POST_META_COLUMNS, 'content', ...POST_SEO_COLUMNS] as const;

export type PostRow = Pick<Tables<'blog_posts'>, (typeof POST_COLUMNS)[number]>;

/**
 * The columns a layered build reads of every post (#28): the text's digest and opening instead of the text, which
 * only the posts whose pages render need (src/lib/content/site.ts, getPostTexts). The rest as POST_COLUMNS.
 */
export const POST_LIST_COLUMNS = [
  ...POST_META_COLUMNS,
  'content_opening',
  'content_digest',
  ...POST_SEO_COLUMNS,
] as const;

export type PostListRow = Pick<Tables<'blog_posts'>, (typeof POST_LIST_COLUMNS)[number]>;

/** A list of columns as one select string, its type the literal supabase-js parses into the row's type. */
type Joined<T extends readonly string[]> = T extends readonly [infer H extends string, ...infer R extends string[]]
  ? R['length'] extends 0
    ? H
    : `${H}, ${Joined<R>}`
  : string;
export const selectOf = <const T extends readonly string[]>(columns: T) => columns.join(', ') as Joined<T>;

export interface Post extends PostCard {
  id: string;
  authorRole: string;
  authorImage: string | null;
  /** The markdown as stored: rendered by renderPostContent when the page itself is rendered (#17). */
  content: string;
  updatedAt: string;
  seo: Pick<Tables<'blog_posts'>, (typeof POST_SEO_COLUMNS)[number]>;
}

/** When the database has no categories, the blog offers these (spec). */
export const FALLBACK_CATEGORIES: CategoryOption[] = [
  { key: 'spirituality', label: 'Spirituality' },
  { key: 'wellness', label: 'Wellness' },
  { key: 'travel', label: 'Travel Tips' },
  { key: 'culture', label: 'Local Culture' },
  { key: 'hotel', label: 'Hotel News' },
];

/** Category options from rows (by slug or lower-cased name); the spec's fallback list when there are none. */
export function toCategoryOptions(rows: Array<{ name: string; slug: string | null }>): CategoryOption[] {
  if (!rows.length) return FALLBACK_CATEGORIES;
  return rows.map((r) => ({ key: r.slug?.trim() || r.name.toLowerCase(), label: r.name }));
}

/** How a post's markdown is rendered: its headings start at h2, under the page's h1. */
export const POST_MARKDOWN: RenderOptions = { topLevel: 2 };

/**
 * A post's markdown as its page shows it. Kept out of toPost so that a build which reuses a post's page
 * (incremental builds, #17) does not render its text at all.
 */
export const renderPostContent = (content: string, render: RenderOptions = {}) =>
  renderMarkdown(content, { ...POST_MARKDOWN, ...render });

/** How toPost makes a post's excerpt and date label; the build passes ones that reuse its earlier builds' (site.ts). */
export interface PostFormat {
  excerpt: (row: PostRow) => string;
  dateLabel: (iso: string) => string;
}

/** Shapes a post row, naming its category from the options (else the raw value, else 'Uncategorized'). */
export function toPost(
  row: PostRow,
  categories: CategoryOption[],
  { excerpt, dateLabel }: PostFormat = { excerpt: excerptOf, dateLabel: formatPostDate },
): Post {
  const key = row.category?.trim() || null;
  const label = key ? (categories.find((c) => c.key === key.toLowerCase())?.label ?? key) : UNCATEGORIZED;
  // One spelling of the instant (the database gives `+00:00`, a form's Date gives `Z`): the page and the preview
  // write the same datetime.
  const date = new Date(postDate(row)).toISOString();
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: excerpt(row),
    categoryKey: key?.toLowerCase() ?? null,
    categoryLabel: label,
    dateIso: date,
    dateLabel: dateLabel(date),
    author: authorName(row.author_name),
    authorRole: authorRole(row.author_role),
    authorImage: row.author_image?.trim() || null,
    image: row.featured_image?.trim() || null,
    imageAlt: row.alt_text?.trim() || row.title,
    content: row.content,
    updatedAt: row.updated_at,
    seo: Object.fromEntries(POST_SEO_COLUMNS.map((c) => [c, row[c]])) as Post['seo'],
  };
}

/** The two letters shown when a post's author has no photo. */
export const authorInitials = (author: string) =>
  author
    .split(/\s+/)
    .map((w) => w[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();
