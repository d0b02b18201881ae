/**
 * Moves a message to read or responded; the list updates in place (spec) and the unread count is fetched again.
 * Not public content: no publish.
 * A message moves forward only, so the last writer is right and no updated_at check is needed.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase, type Tables } from '../../lib/supabase';
import { changedRows } from '../../lib/errors';
import { contactSubmissionKeys } from './keys';

type Submission = Tables<'contact_submissions'>;

export function useContactSubmissionStatusMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, status }: { id: string; status: Submission['status'] }) =>
      changedRows(await supabase.from('contact_submissions').update({ status }).eq('id', id).select('id')),
    onSuccess: (_rows, { id, status }) => {
      queryClient.setQueryData<Submission[]>(contactSubmissionKeys.list(), (old) =>
        old?.map((s) => (s.id === id ? { ...s, status } : s)),
      );
      // The tab's unread count follows.
      void queryClient.invalidateQueries({ queryKey: contactSubmissionKeys.counts() });
    },
    meta: { errorMessage: 'Failed to update status' },
  });
}
