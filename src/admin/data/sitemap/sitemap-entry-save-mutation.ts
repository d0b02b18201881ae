/**
 * Saves one URL's sitemap settings (D10): include or exclude, priority and change frequency, as its
 * sitemap_entries row (inserted the first time, by its url). A custom URL is added the same way. Publishes.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase, type TablesInsert } from '../../lib/supabase';
import { rowsOf } from '../../lib/errors';
import { sitemapKeys } from './keys';

export type SitemapEntrySave = Pick<TablesInsert<'sitemap_entries'>, 'url' | 'entry_type'> &
  Partial<Pick<TablesInsert<'sitemap_entries'>, 'is_included' | 'priority' | 'changefreq' | 'title'>> & {
    /** Which message a failure shows. */
    action?: 'add';
  };

export function useSitemapEntrySaveMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ action: _action, ...row }: SitemapEntrySave) =>
      rowsOf(await supabase.from('sitemap_entries').upsert(row, { onConflict: 'url' }).select('id')),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sitemapKeys.all }),
    meta: {
      errorMessage: ({ action }: SitemapEntrySave) =>
        action === 'add' ? 'Failed to add URL to sitemap' : 'Failed to update sitemap',
      errorDetails: { invalid: 'The URL must be a path like /offers/ (no spaces, query or #).' },
      publishes: true,
    },
  });
}
