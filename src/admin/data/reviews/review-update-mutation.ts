/** Changes a review only if nobody changed it since it was loaded (D18); publishes. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase, type TablesUpdate } from '../../lib/supabase';
import { changedRows } from '../../lib/errors';
import { reviewKeys } from './keys';

export interface ReviewUpdate {
  id: string;
  /** The `updated_at` the row had when it was loaded. */
  loadedAt: string;
  patch: TablesUpdate<'reviews'>;
}

/** @param errorMessage The spec's text for this kind of change (a save, a visibility or a featured toggle). */
export function useReviewUpdateMutation(
  errorMessage: string | ((update: ReviewUpdate) => string) = 'Failed to save review',
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, loadedAt, patch }: ReviewUpdate) =>
      changedRows(await supabase.from('reviews').update(patch).eq('id', id).eq('updated_at', loadedAt).select('id')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewKeys.lists() }),
    meta: { errorMessage, publishes: true },
  });
}
