/** The Content List's items, search and filter (pure, unit-tested). */

import { contentListRoutes } from '../../../routes';
import { postStatus, type PostStatus } from '../../lib/post-status';
import { pagePath } from '../../../lib/sitemap/entries';

export type ContentKind = 'static' | 'dynamic' | 'blog';
export interface ContentItem {
  id: string;
  kind: ContentKind;
  title: string;
  slug: string;
  url: string;
  category?: string | null;
  author?: string | null;
  published: boolean;
  /** Draft, published, or for a post also scheduled (D12). */
  status: PostStatus;
  /**
   * Guests can open it, so it offers View (#31): a built-in page, a published page or a draft in preview mode (built
   * at its address), a live post; never a draft or a scheduled post, which the site answers with 404.
   */
  viewable: boolean;
  updatedAt?: string;
}

/**
 * The static pages and their paths (admin spec, Content List), with the trailing slash of D5: the Content List
 * routes of the route registry (src/routes.ts).
 */
export const STATIC_PAGES: Array<[title: string, path: string]> = contentListRoutes.map((r) => [r.title, r.path]);

export function contentItems(
  pages: Array<{
    id: string;
    title: string;
    slug: string;
    custom_url: string | null;
    is_published: boolean;
    preview_mode?: boolean;
    updated_at: string;
  }>,
  posts: Array<{
    id: string;
    title: string;
    slug: string;
    is_published: boolean;
    published_date: string | null;
    updated_at: string;
    category: string | null;
    author_name: string | null;
  }>,
): ContentItem[] {
  // A built-in page converted into a stored page (D20) is listed once, as that page.
  const taken = new Set(pages.map(pagePath));
  const statics: ContentItem[] = STATIC_PAGES.filter(([, path]) => !taken.has(path)).map(([title, path]) => ({
    id: `static-${path}`,
    kind: 'static',
    title,
    slug: path.replace(/\//g, '') || 'home',
    url: path,
    published: true,
    status: 'published',
    viewable: true,
  }));
  const dynamic: ContentItem[] = pages.map((p) => ({
    id: p.id,
    kind: 'dynamic',
    title: p.title,
    slug: p.slug,
    url: pagePath(p),
    published: p.is_published,
    status: p.is_published ? 'published' : 'draft',
    viewable: p.is_published || Boolean(p.preview_mode),
    updatedAt: p.updated_at,
  }));
  const blog: ContentItem[] = posts.map((p) => ({
    id: p.id,
    kind: 'blog',
    title: p.title,
    slug: p.slug,
    url: `/blog/${p.slug}/`,
    category: p.category,
    author: p.author_name,
    published: p.is_published,
    status: postStatus(p),
    viewable: postStatus(p) === 'published',
    updatedAt: p.updated_at,
  }));
  const newest = (a: ContentItem, b: ContentItem) => (b.updatedAt ?? '').localeCompare(a.updatedAt ?? '');
  return [...statics, ...[...dynamic, ...blog].sort(newest)];
}

export type ContentFilter = 'all' | ContentKind;

export function filterContent(items: ContentItem[], query: string, filter: ContentFilter): ContentItem[] {
  const q = query.trim().toLowerCase();
  return items.filter(
    (i) =>
      (filter === 'all' || i.kind === filter) &&
      (!q || [i.title, i.slug, i.category, i.author].some((f) => f?.toLowerCase().includes(q))),
  );
}
