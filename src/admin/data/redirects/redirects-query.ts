/** Every redirect, newest first (admins see inactive ones too). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '../../lib/supabase';
import { rowsOf } from '../../lib/errors';
import { redirectKeys } from './keys';

export const redirectsQueryOptions = () =>
  queryOptions({
    queryKey: redirectKeys.list(),
    queryFn: async () =>
      rowsOf(await supabase.from('seo_redirects').select().order('created_at', { ascending: false })),
    meta: { errorMessage: 'Failed to fetch redirects' },
  });

export const useRedirectsQuery = () => useQuery(redirectsQueryOptions());
