/** The hotel's contact details row, or null before the first save. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '../../lib/supabase';
import { rowsOf } from '../../lib/errors';
import { contactDetailsKeys } from './keys';

export const contactDetailsQueryOptions = () =>
  queryOptions({
    queryKey: contactDetailsKeys.detail(),
    queryFn: async () => rowsOf(await supabase.from('contact_details').select().limit(1).maybeSingle()),
    meta: { errorMessage: 'Failed to fetch contact details' },
  });

export const useContactDetailsQuery = () => useQuery(contactDetailsQueryOptions());
