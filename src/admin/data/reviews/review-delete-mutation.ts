/** Deletes a review; publishes. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '../../lib/supabase';
import { rowsOf } from '../../lib/errors';
import { reviewKeys } from './keys';

export function useReviewDeleteMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id }: { id: string }) => rowsOf(await supabase.from('reviews').delete().eq('id', id)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewKeys.lists() }),
    meta: { errorMessage: 'Failed to delete review', publishes: true },
  });
}
