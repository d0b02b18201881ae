/** The last ten builds (D17, #17): read when staff open the build history, then kept fresh while it is open. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase, type Tables } from '../../lib/supabase';
import { buildKeys } from './keys';

export const RECENT_BUILDS = 10;

export const recentBuildsQueryOptions = () =>
  queryOptions({
    queryKey: buildKeys.recent(),
    queryFn: async (): Promise<Array<Tables<'site_builds'>>> => {
      const { data, error } = await supabase
        .from('site_builds')
        .select()
        .order('id', { ascending: false })
        .limit(RECENT_BUILDS);
      if (error) throw error;
      return data;
    },
    staleTime: 0,
    refetchInterval: 5000,
  });

export const useRecentBuildsQuery = (enabled: boolean) => useQuery({ ...recentBuildsQueryOptions(), enabled });
