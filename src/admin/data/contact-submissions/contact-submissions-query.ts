/** Visitors' messages, newest first. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '../../lib/supabase';
import { rowsOf } from '../../lib/errors';
import { contactSubmissionKeys } from './keys';

export const contactSubmissionsQueryOptions = () =>
  queryOptions({
    queryKey: contactSubmissionKeys.list(),
    queryFn: async () =>
      rowsOf(await supabase.from('contact_submissions').select().order('created_at', { ascending: false })),
    meta: { errorMessage: 'Failed to fetch contact submissions' },
  });

export const useContactSubmissionsQuery = () => useQuery(contactSubmissionsQueryOptions());
