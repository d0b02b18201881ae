/**
 * Saves site-wide SEO settings or the favicon: updates the loaded row if nobody changed it since (D18), or inserts
 * the first one. Publishes: every page's head carries them.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase, type Tables, type TablesUpdate } from '../../lib/supabase';
import { changedRows, rowsOf } from '../../lib/errors';
import { seoSettingsKeys } from './keys';

export interface SeoSettingsSave {
  /** The row the form was filled from, or null when there is none yet. */
  loaded: Pick<Tables<'seo_settings'>, 'id' | 'updated_at'> | null;
  values: TablesUpdate<'seo_settings'>;
  /** The favicon form has its own failure message. */
  what?: 'favicon';
}

export function useSeoSettingsSaveMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ loaded, values }: SeoSettingsSave) => {
      if (!loaded) return rowsOf(await supabase.from('seo_settings').insert(values).select('id'));
      return changedRows(
        await supabase
          .from('seo_settings')
          .update(values)
          .eq('id', loaded.id)
          .eq('updated_at', loaded.updated_at)
          .select('id'),
      );
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: seoSettingsKeys.all }),
    meta: {
      errorMessage: ({ loaded, what }: SeoSettingsSave) =>
        what === 'favicon'
          ? 'Failed to save favicon settings'
          : loaded
            ? 'Failed to update SEO settings'
            : 'Failed to save SEO settings',
      errorDetails: { invalid: 'A field holds a value the database refuses; check the IDs, the URL and the lengths.' },
      publishes: true,
    },
  });
}
