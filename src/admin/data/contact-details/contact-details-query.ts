/** The hotel's contact details row, or null before the first save. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase, type Tables } from '../../lib/supabase';
import { rowsOf } from '../../lib/errors';
import { contactDetailsKeys } from './keys';

export const contactDetailsQueryOptions = () =>
  queryOptions({
    queryKey: contactDetailsKeys.detail(),
    // maybeSingle() after limit() types its row as null; the row is the table's.
    queryFn: async (): Promise<Tables<'contact_details'> | null> =>
      rowsOf(
        await supabase.from('contact_details').select().limit(1).maybeSingle(),
      ) as Tables<'contact_details'> | null,
    meta: { errorMessage: 'Failed to fetch contact details' },
  });

export const useContactDetailsQuery = () => useQuery(contactDetailsQueryOptions());
