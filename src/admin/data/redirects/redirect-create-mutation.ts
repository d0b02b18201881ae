/** Adds a redirect; publishes, since redirects are compiled into the build's _redirects (D6). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase, type TablesInsert } from '../../lib/supabase';
import { rowsOf } from '../../lib/errors';
import { redirectKeys } from './keys';

type NewRedirect = TablesInsert<'seo_redirects'>;

export function useRedirectCreateMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (row: NewRedirect) => rowsOf(await supabase.from('seo_redirects').insert(row)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: redirectKeys.lists() }),
    meta: {
      errorMessage: 'Failed to create redirect',
      errorDetails: { duplicate: (row: NewRedirect) => `A redirect from ${row.from_url} already exists.` },
      publishes: true,
    },
  });
}
