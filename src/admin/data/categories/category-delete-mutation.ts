/** Deletes a category (its posts show as Uncategorized); publishes. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '../../lib/supabase';
import { rowsOf } from '../../lib/errors';
import { categoryKeys } from './keys';

export function useCategoryDeleteMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id }: { id: string }) => rowsOf(await supabase.from('categories').delete().eq('id', id)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoryKeys.lists() }),
    meta: { errorMessage: 'Failed to delete category', publishes: true },
  });
}
