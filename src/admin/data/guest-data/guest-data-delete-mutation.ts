/**
 * Deletes everything about one guest on request (#30): every contact message from the address and its newsletter
 * subscription, in one call of `delete_guest_data` (admins only; addresses compared trimmed and case-insensitively).
 * The lists and the unread count are read again; the activity log keeps that it happened, not the address.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '../../lib/supabase';
import { rowsOf } from '../../lib/errors';
import { contactSubmissionKeys } from '../contact-submissions/keys';
import { newsletterSubscriberKeys } from '../newsletter-subscribers/keys';

export interface GuestDataDeleted {
  messages: number;
  subscribers: number;
}

export function useGuestDataDeleteMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (email: string) =>
      rowsOf(await supabase.rpc('delete_guest_data', { p_email: email })) as unknown as GuestDataDeleted,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: contactSubmissionKeys.all }),
        queryClient.invalidateQueries({ queryKey: newsletterSubscriberKeys.all }),
      ]),
    meta: { errorMessage: 'Failed to delete the guest’s data' },
  });
}
