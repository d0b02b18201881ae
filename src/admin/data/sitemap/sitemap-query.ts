/**
 * The Sitemap tab's list (D10): every URL the sitemap considers (built-in routes, published pages, live posts,
 * custom URLs) with its sitemap_entries row, computed by the build's own function (src/lib/sitemap/entries.ts)
 * from the same reads, so the tab shows what the next build will write.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '../../lib/supabase';
import { rowsOf } from '../../lib/errors';
import { sitemapCandidates, type SitemapCandidate } from '../../../lib/sitemap/entries';
import { sitemapKeys } from './keys';

export const sitemapQueryOptions = () =>
  queryOptions({
    queryKey: sitemapKeys.list(),
    queryFn: async (): Promise<SitemapCandidate[]> => {
      const now = new Date().toISOString();
      const [posts, pages, overrides, staticSeo] = await Promise.all([
        supabase
          .from('blog_posts')
          .select('slug, title, updated_at, is_indexed')
          .eq('is_published', true)
          .or(`published_date.is.null,published_date.lte.${now}`)
          .order('updated_at', { ascending: false }),
        supabase
          .from('pages')
          .select('slug, title, custom_url, updated_at, is_indexed')
          .eq('is_published', true)
          .order('updated_at', { ascending: false }),
        supabase
          .from('sitemap_entries')
          .select('url, entry_type, title, is_included, priority, changefreq, updated_at')
          .order('url'),
        supabase.from('static_page_seo').select('page_route, is_indexed, updated_at'),
      ]);
      return sitemapCandidates({
        posts: rowsOf(posts),
        pages: rowsOf(pages),
        overrides: rowsOf(overrides).map((o) => ({ ...o, priority: o.priority === null ? null : Number(o.priority) })),
        staticSeo: rowsOf(staticSeo),
      });
    },
    meta: { errorMessage: 'Failed to fetch sitemap URLs' },
  });

export const useSitemapQuery = () => useQuery(sitemapQueryOptions());
