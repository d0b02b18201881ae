/** How many messages nobody has read yet: the Submissions tab's label shows it on every tab of the dashboard. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '../../lib/supabase';
import { contactSubmissionKeys } from './keys';

export const contactSubmissionsUnreadCountQueryOptions = () =>
  queryOptions({
    queryKey: contactSubmissionKeys.unreadCount(),
    queryFn: async () => {
      const { count, error } = await supabase
        .from('contact_submissions')
        .select('id', { count: 'exact', head: true })
        .eq('status', 'unread');
      if (error) throw error;
      return count ?? 0;
    },
    // Guests write while staff work in other tabs: count again every minute. No meta.errorMessage on purpose: a
    // count that fails leaves the label without its number, rather than a toast every minute while offline; the
    // Submissions list reports its own failures.
    refetchInterval: 60_000,
  });

export const useContactSubmissionsUnreadCountQuery = () => useQuery(contactSubmissionsUnreadCountQueryOptions());
