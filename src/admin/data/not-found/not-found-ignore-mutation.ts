/**
 * Ignores a missing path (hides it from the Not found list), or shows it again (#29). Only `ignored` is writable
 * (the migration's column grant). Not public content: no publish. Staff's flag only, so the last writer is right.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase, type Tables } from '../../lib/supabase';
import { changedRows } from '../../lib/errors';
import { notFoundKeys } from './keys';

type Missing = Tables<'not_found_paths'>;

export function useNotFoundIgnoreMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ignored }: { id: number; ignored: boolean }) =>
      changedRows(await supabase.from('not_found_paths').update({ ignored }).eq('id', id).select('id')),
    onSuccess: (_rows, { id, ignored }) => {
      queryClient.setQueryData<Missing[]>(notFoundKeys.list(), (old) =>
        old?.map((row) => (row.id === id ? { ...row, ignored } : row)),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notFoundKeys.lists() }),
    meta: { errorMessage: 'Failed to update the missing page' },
  });
}
