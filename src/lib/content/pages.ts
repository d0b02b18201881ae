import { renderMarkdown } from '../markdown/render';
import { isConvertible, isPageAddressShape } from '../paths';
import { isReservedPath } from '../../routes';
import { pagePath } from '../sitemap/entries';
import type { Json, Tables } from '../supabase/database.types';
import type { BuildClient } from './client';
import { readAll } from './read-all';
import { withUsableUrls } from './clean';

/** Stored pages (the cafe page and any page staff create) with their active blocks and sections (D11). */

export interface TextBlock {
  id: string;
  type: string;
  text: string;
  /** For headings: 1-6. */
  level?: number;
  /** Image, quote, video and gallery content, kept as given (rendered by type). */
  content: Record<string, unknown>;
  alignment: 'left' | 'center' | 'right';
  /** When the block was last changed: in the markup of in-place editable blocks, for the D18 check. */
  updatedAt?: string;
}

export interface Section {
  id: string;
  name: string;
  title: string;
  html: string;
  style: { backgroundColor?: string; color?: string };
  /** The stored section_content: a typed section (#31) is rendered from it (src/lib/sections/resolve.ts). */
  content: Json;
}

export type PageRow = Pick<
  Tables<'pages'>,
  | 'id'
  | 'slug'
  | 'title'
  | 'content'
  | 'custom_url'
  | 'updated_at'
  | 'is_indexed'
  | 'meta_title'
  | 'meta_description'
  | 'seo_title'
  | 'seo_description'
  | 'seo_keywords'
  | 'og_image'
  | 'canonical_url'
  | 'og_title'
  | 'og_description'
  | 'og_type'
  | 'twitter_card'
  | 'twitter_title'
  | 'twitter_description'
  | 'twitter_image'
  | 'schema_markup'
  | 'alt_text'
  | 'featured_image'
  | 'is_published'
  | 'preview_mode'
>;

export interface Page {
  row: PageRow;
  /**
   * In preview mode and not published: built at its address for review, noindex (its row's is_indexed reads
   * false), out of the sitemap, and never in place of a built-in page (D20).
   */
  preview: boolean;
  path: string;
  html: string;
  blocks: TextBlock[];
  sections: Section[];
}

/** Routes fixed in code: a stored page may not take their place (it is not built there). From src/routes.ts. */
export { isReservedPath } from '../../routes';

const PAGE_COLUMNS =
  'id, slug, title, content, custom_url, updated_at, is_indexed, meta_title, meta_description, seo_title, seo_description, seo_keywords, og_image, canonical_url, og_title, og_description, og_type, twitter_card, twitter_title, twitter_description, twitter_image, schema_markup, alt_text, featured_image, is_published, preview_mode';

const obj = (v: Json): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? v : {});
const str = (v: unknown) => (typeof v === 'string' ? v : '');
const SAFE_COLOR = /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\)|[a-z]{3,20})$/i;

export function toBlock(
  row: Pick<Tables<'content_blocks'>, 'id' | 'block_type' | 'content'> & { updated_at?: string },
): TextBlock {
  const c = obj(row.content);
  const align = str(c.alignment);
  return {
    id: row.id,
    type: row.block_type,
    text: str(c.text),
    level: row.block_type === 'heading' ? Math.min(6, Math.max(1, Number(c.level) || 2)) : undefined,
    content: c,
    alignment: align === 'center' || align === 'right' ? align : 'left',
    ...(row.updated_at ? { updatedAt: row.updated_at } : {}),
  };
}

/** A section's JSON: title, content (markdown) and style colours (only plain colour values pass). */
export function toSection(row: Pick<Tables<'sections'>, 'id' | 'section_name' | 'section_content'>): Section {
  const c = obj(row.section_content);
  const style = obj(c.style as Json);
  const color = (v: unknown) => (typeof v === 'string' && SAFE_COLOR.test(v.trim()) ? v.trim() : undefined);
  return {
    id: row.id,
    name: row.section_name,
    title: str(c.title) || row.section_name,
    html: renderMarkdown(str(c.content), { source: `sections ${row.id} section_content` }),
    style: { backgroundColor: color(style.backgroundColor), color: color(style.color) },
    content: row.section_content,
  };
}

/** Active sections of public pages and live posts (one request for the whole site). */
export async function fetchSections(client: BuildClient) {
  return readAll('sections', (from, to) =>
    client
      .from('sections')
      .select('id, page_id, blog_post_id, section_name, section_content')
      .eq('is_active', true)
      .order('sort_order')
      .order('id')
      .range(from, to),
  );
}

/** The active content blocks of live posts, in sort order (one request for the whole site; D3 keeps the rest out). */
export async function fetchPostBlocks(client: BuildClient) {
  return readAll('content_blocks', (from, to) =>
    client
      .from('content_blocks')
      .select('id, blog_post_id, block_type, content')
      .not('blog_post_id', 'is', null)
      .eq('is_active', true)
      .order('blog_post_id')
      .order('sort_order')
      .order('id')
      .range(from, to),
  );
}

/**
 * Published pages and pages in preview mode, with their active blocks and the given sections: two requests for the
 * whole site.
 */
export async function fetchPages(
  client: BuildClient,
  sections: Array<Pick<Tables<'sections'>, 'id' | 'page_id' | 'section_name' | 'section_content'>>,
): Promise<Page[]> {
  const [rows, blocks] = await Promise.all([
    readAll('pages', (from, to) =>
      client
        .from('pages')
        .select(PAGE_COLUMNS)
        .or('is_published.eq.true,preview_mode.eq.true')
        .order('id')
        .range(from, to),
    ) as Promise<PageRow[]>,
    readAll('content_blocks', (from, to) =>
      client
        .from('content_blocks')
        .select('id, page_id, block_type, content, updated_at')
        .not('page_id', 'is', null)
        .eq('is_active', true)
        .order('page_id')
        .order('sort_order')
        .order('id')
        .range(from, to),
    ),
  ]);
  const usable = withUsableUrls(
    'pages',
    rows,
    ['canonical_url', 'og_image', 'twitter_image', 'featured_image'],
    (r) => `${r.id} (${r.slug})`,
  );
  // An address the build cannot write (a row from before the database checked it, #26: `/../menu/`) would fail
  // every build: such a page is left out and named.
  const writable = usable.filter((row) => {
    const path = pagePath(row);
    if (!isPageAddressShape(path)) {
      console.warn(
        `[content] pages ${row.id} (${row.slug}) custom_url: ${JSON.stringify(path.slice(0, 80))} cannot be built; left out`,
      );
      return false;
    }
    // A built-in route's address (a row saved before the database refused it): the route stays, the page is left out.
    if (isReservedPath(path) && !isConvertible(path)) {
      console.warn(`[content] pages ${row.id} (${row.slug}) slug: ${path} belongs to a built-in page; left out`);
      return false;
    }
    return true;
  });
  return writable.map((row) => ({
    row: row.is_published ? row : { ...row, is_indexed: false },
    preview: !row.is_published,
    path: pagePath(row),
    html: renderMarkdown(row.content, { source: `pages ${row.id} (${row.slug}) content` }),
    blocks: blocks.filter((b) => b.page_id === row.id).map(toBlock),
    sections: sections.filter((s) => s.page_id === row.id).map(toSection),
  }));
}
