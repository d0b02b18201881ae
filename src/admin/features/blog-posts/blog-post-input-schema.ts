/**
 * The blog post form (spec: Blog Posts Management, §5): title and content required ('Title and content are
 * required'), a slug by the spec's rule (from the title unless edited by hand), URLs as the database checks them,
 * the shared SEO fields, and the blocks and sections saved with the post (D24).
 */
import * as z from '../../lib/zod';
import type { Tables, TablesInsert } from '../../lib/supabase';
import type { PostRow } from '../../../lib/blog/post';
import { slugify } from '../../lib/validation';
import { boundedBlocks, boundedSections, maxText, tooLong, webUrl } from '../../lib/field-schemas';
import { seoFieldsSchema, seoValues, type SeoFieldsValues } from '../../lib/seo-fields-schema';
import { blockValues, blocksToSave, sectionValues, sectionsToSave } from '../../components/body-editors/body-values';

export const REQUIRED = 'Title and content are required';
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** A post's slug by the spec's rule, without the leading or trailing hyphen the database refuses. */
export const postSlug = (title: string) => slugify(title).replace(/^-+|-+$/g, '');

export const blogPostInputSchema = z.object({
  title: z.string().check(z.trim(), z.minLength(1, REQUIRED), z.maxLength(300, tooLong('The title', 300))),
  content: z.string().check(
    z.refine((s) => s.trim() !== '', REQUIRED),
    z.maxLength(200_000, tooLong('The content', 200_000)),
  ),
  slug: z.string().check(
    z.trim(),
    z.maxLength(200, tooLong('The URL slug', 200)),
    z.refine(
      (s) => s === '' || SLUG.test(s),
      'The URL slug may hold only lower-case letters a–z, digits and single hyphens',
    ),
  ),
  excerpt: maxText(1000, 'The excerpt'),
  category: z.string(),
  featured_image: webUrl('Featured image'),
  author_name: maxText(100, 'Author name'),
  author_role: maxText(100, 'Author role'),
  author_image: webUrl('Author image'),
  published_date: z.nullable(z.date()),
  is_published: z.boolean(),
  seo: seoFieldsSchema,
  blocks: boundedBlocks(),
  sections: boundedSections(),
});

export type BlogPostValues = z.input<typeof blogPostInputSchema>;
export type BlogPostInput = z.output<typeof blogPostInputSchema>;

type Post = Tables<'blog_posts'>;

export function blankPost(): BlogPostValues {
  return {
    title: '',
    content: '',
    slug: '',
    excerpt: '',
    category: '',
    featured_image: '',
    author_name: '',
    author_role: '',
    author_image: '',
    published_date: null,
    is_published: false,
    seo: seoValues({}, { og_type: 'article' }),
    blocks: [],
    sections: [],
  };
}

const s = (v: string | null) => v ?? '';

export function postValues(
  post: Post,
  blocks: Tables<'content_blocks'>[],
  sections: Tables<'sections'>[],
): BlogPostValues {
  return {
    title: post.title,
    content: post.content,
    slug: post.slug,
    excerpt: s(post.excerpt),
    category: s(post.category),
    featured_image: s(post.featured_image),
    author_name: s(post.author_name),
    author_role: s(post.author_role),
    author_image: s(post.author_image),
    published_date: post.published_date ? new Date(post.published_date) : null,
    is_published: post.is_published,
    seo: seoValues(post, { og_type: 'article' }) as SeoFieldsValues,
    blocks: blockValues(blocks),
    sections: sectionValues(sections),
  };
}

const orNull = (v: string) => v.trim() || null;

type PostFields = Pick<
  BlogPostValues,
  | 'title'
  | 'slug'
  | 'content'
  | 'excerpt'
  | 'category'
  | 'featured_image'
  | 'author_name'
  | 'author_role'
  | 'author_image'
  | 'published_date'
>;

/** The post's own columns from the form, as a save writes them and the preview reads them (blanks as null). */
const postColumns = (values: PostFields) => ({
  slug: values.slug || postSlug(values.title),
  content: values.content,
  excerpt: orNull(values.excerpt),
  category: orNull(values.category),
  featured_image: orNull(values.featured_image),
  author_name: orNull(values.author_name),
  author_role: orNull(values.author_role),
  author_image: orNull(values.author_image),
  published_date: values.published_date ? values.published_date.toISOString() : null,
});

/**
 * The columns save_blog_post writes, from the validated form. Blog posts have no og_image column; the featured
 * image's alt text is the SEO fields' alt_text (one column, shown in both tabs).
 */
export function postToSave(values: BlogPostInput, id?: string): Partial<TablesInsert<'blog_posts'>> & { id?: string } {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { og_image, ...seo } = values.seo;
  return {
    ...(id ? { id } : {}),
    title: values.title,
    ...postColumns(values),
    is_published: values.is_published,
    ...seo,
  };
}

/**
 * The form as the row a post page reads (src/lib/blog/post.ts), for the live preview: the page's own view model
 * then gives it the page's fallbacks and date. An unsaved post is dated now, as saving it would.
 */
export function previewRow(values: BlogPostValues, now = new Date()): PostRow {
  const seo = values.seo;
  const iso = now.toISOString();
  return {
    id: 'preview',
    title: values.title || 'Untitled post',
    ...postColumns(values),
    created_at: iso,
    updated_at: iso,
    alt_text: orNull(seo.alt_text),
    meta_title: orNull(seo.meta_title),
    meta_description: orNull(seo.meta_description),
    canonical_url: orNull(seo.canonical_url),
    seo_keywords: orNull(seo.seo_keywords),
    og_title: orNull(seo.og_title),
    og_description: orNull(seo.og_description),
    og_type: seo.og_type,
    twitter_card: seo.twitter_card,
    twitter_title: orNull(seo.twitter_title),
    twitter_description: orNull(seo.twitter_description),
    twitter_image: orNull(seo.twitter_image),
    schema_markup: orNull(seo.schema_markup),
    is_indexed: seo.is_indexed,
  };
}

export const childrenToSave = (values: BlogPostInput) => ({
  blocks: blocksToSave(values.blocks),
  sections: sectionsToSave(values.sections),
});
