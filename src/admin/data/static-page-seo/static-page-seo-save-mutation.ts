/**
 * Saves a built-in route's SEO: updates the loaded row if nobody changed it since (D18), or inserts the route's
 * first row. Publishes: the route's head is built from it (D8).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase, type Tables, type TablesInsert } from '../../lib/supabase';
import { changedRows, rowsOf } from '../../lib/errors';
import { staticPageSeoKeys } from './keys';

export interface StaticPageSeoSave {
  route: string;
  /** The row the form was filled from, or null when the route has none yet. */
  loaded: Pick<Tables<'static_page_seo'>, 'id' | 'updated_at'> | null;
  values: Omit<TablesInsert<'static_page_seo'>, 'page_route'>;
}

export function useStaticPageSeoSaveMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ route, loaded, values }: StaticPageSeoSave) => {
      if (!loaded)
        return rowsOf(
          await supabase
            .from('static_page_seo')
            .insert({ ...values, page_route: route })
            .select('id'),
        );
      return changedRows(
        await supabase
          .from('static_page_seo')
          .update(values)
          .eq('id', loaded.id)
          .eq('updated_at', loaded.updated_at)
          .select('id'),
      );
    },
    onSuccess: (_rows, { route }) => queryClient.invalidateQueries({ queryKey: staticPageSeoKeys.detail(route) }),
    meta: {
      errorMessage: ({ loaded }: StaticPageSeoSave) =>
        loaded ? 'Failed to update SEO settings' : 'Failed to save SEO settings',
      errorDetails: {
        duplicate: 'This page already has SEO settings: reload to edit them.',
        invalid: 'A field holds a value the database refuses; check the URLs and the lengths.',
      },
      publishes: true,
    },
  });
}
