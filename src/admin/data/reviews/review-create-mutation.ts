/** Adds a review; publishes, since displayed reviews are on the site. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase, type TablesInsert } from '../../lib/supabase';
import { rowsOf } from '../../lib/errors';
import { reviewKeys } from './keys';

export function useReviewCreateMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (row: TablesInsert<'reviews'>) => rowsOf(await supabase.from('reviews').insert(row)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewKeys.lists() }),
    meta: { errorMessage: 'Failed to save review', publishes: true },
  });
}
