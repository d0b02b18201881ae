/** The latest build (D17): polled every second while one is queued or building, else every 15 s. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase, type Tables } from '../../lib/supabase';
import { buildKeys } from './keys';

export const latestBuildQueryOptions = () =>
  queryOptions({
    queryKey: buildKeys.latest(),
    queryFn: async (): Promise<Tables<'site_builds'> | null> => {
      const { data, error } = await supabase
        .from('site_builds')
        .select()
        .order('id', { ascending: false })
        .limit(1)
        .maybeSingle();
      if (error) throw error;
      return data;
    },
    staleTime: 0,
    refetchInterval: (q) => (q.state.data && ['queued', 'building'].includes(q.state.data.status) ? 1000 : 15_000),
  });

export const useLatestBuildQuery = () => useQuery(latestBuildQueryOptions());
