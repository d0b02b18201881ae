/**
 * Everyone who can sign in, by profile: the names the Activity tab gives the log's actor ids (#30). Admins read every
 * profile (RLS); a user deleted since has none, and the tab says so.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '../../lib/supabase';
import { rowsOf } from '../../lib/errors';
import { staffKeys } from './keys';

export const staffQueryOptions = () =>
  queryOptions({
    queryKey: staffKeys.list(),
    queryFn: async () =>
      rowsOf(await supabase.from('profiles').select('id, username, full_name').order('username', { ascending: true })),
    meta: { errorMessage: 'Failed to fetch staff' },
  });

export const useStaffQuery = () => useQuery(staffQueryOptions());
