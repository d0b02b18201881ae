/** Deletes a redirect; publishes. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '../../lib/supabase';
import { rowsOf } from '../../lib/errors';
import { redirectKeys } from './keys';

export function useRedirectDeleteMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id }: { id: string }) => rowsOf(await supabase.from('seo_redirects').delete().eq('id', id)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: redirectKeys.lists() }),
    meta: { errorMessage: 'Failed to delete redirect', publishes: true },
  });
}
