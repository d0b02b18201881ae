/** Deletes a stored page; its content blocks, sections and versions go with it (foreign keys cascade). Publishes. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '../../lib/supabase';
import { rowsOf } from '../../lib/errors';
import { pageKeys } from './keys';

export function usePageDeleteMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id }: { id: string }) =>
      rowsOf(await supabase.from('pages').delete().eq('id', id).select('id')),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pageKeys.all }),
    meta: { errorMessage: 'Failed to delete page', publishes: true },
  });
}
