/** Removes a custom URL from the sitemap (its sitemap_entries row). Publishes. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '../../lib/supabase';
import { rowsOf } from '../../lib/errors';
import { sitemapKeys } from './keys';

export function useSitemapEntryDeleteMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ url }: { url: string }) =>
      rowsOf(await supabase.from('sitemap_entries').delete().eq('url', url).select('id')),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sitemapKeys.all }),
    meta: { errorMessage: 'Failed to remove URL from sitemap', publishes: true },
  });
}
