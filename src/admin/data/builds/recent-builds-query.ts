/** The last ten builds (D17, #17): read when staff open the build history, then kept fresh while it is open. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '../../lib/supabase';
import { BUILD_SUMMARY_COLUMNS, type BuildSummary } from './build-summary';
import { buildKeys } from './keys';

export const RECENT_BUILDS = 10;

export const recentBuildsQueryOptions = () =>
  queryOptions({
    queryKey: buildKeys.recent(),
    queryFn: async (): Promise<BuildSummary[]> => {
      const { data, error } = await supabase
        .from('site_builds')
        .select(BUILD_SUMMARY_COLUMNS)
        .order('id', { ascending: false })
        .limit(RECENT_BUILDS);
      if (error) throw error;
      return data;
    },
    staleTime: 0,
    refetchInterval: 5000,
  });

export const useRecentBuildsQuery = (enabled: boolean) => useQuery({ ...recentBuildsQueryOptions(), enabled });
