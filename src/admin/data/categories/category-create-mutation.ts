/** Creates a category; publishes (the blog's filter lists them). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase, type TablesInsert } from '../../lib/supabase';
import { rowsOf } from '../../lib/errors';
import { categoryKeys } from './keys';

export function useCategoryCreateMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (row: TablesInsert<'categories'>) => rowsOf(await supabase.from('categories').insert(row)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoryKeys.lists() }),
    meta: {
      errorMessage: 'Failed to create category',
      errorDetails: { duplicate: 'A category with this name or slug already exists.' },
      publishes: true,
    },
  });
}
