/** Changes a category only if nobody changed it since it was loaded (D18); publishes. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase, type TablesUpdate } from '../../lib/supabase';
import { changedRows } from '../../lib/errors';
import { categoryKeys } from './keys';

export function useCategoryUpdateMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, loadedAt, patch }: { id: string; loadedAt: string; patch: TablesUpdate<'categories'> }) =>
      changedRows(await supabase.from('categories').update(patch).eq('id', id).eq('updated_at', loadedAt).select('id')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: categoryKeys.lists() }),
    meta: {
      errorMessage: 'Failed to update category',
      errorDetails: { duplicate: 'A category with this name or slug already exists.' },
      publishes: true,
    },
  });
}
