/**
 * The latest build (D17): polled every second while one is queued or building, every two seconds for the first
 * minute after it went live while its SEO report (#29) is still being made, else every 15 s.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '../../lib/supabase';
import { BUILD_SUMMARY_COLUMNS, seoProblems, type BuildSummary } from './build-summary';
import { buildKeys } from './keys';

/** How long after a build went live its SEO report is waited for. */
const REPORT_WAIT_MS = 60_000;

export const latestBuildQueryOptions = () =>
  queryOptions({
    queryKey: buildKeys.latest(),
    queryFn: async (): Promise<BuildSummary | null> => {
      const { data, error } = await supabase
        .from('site_builds')
        .select(BUILD_SUMMARY_COLUMNS)
        .order('id', { ascending: false })
        .limit(1)
        .maybeSingle();
      if (error) throw error;
      return data;
    },
    staleTime: 0,
    refetchInterval: (q) => {
      const build = q.state.data;
      if (build && ['queued', 'building'].includes(build.status)) return 1000;
      const reportDue =
        build?.status === 'succeeded' &&
        seoProblems(build) === null &&
        Date.now() - Date.parse(build.finished_at ?? '') < REPORT_WAIT_MS;
      return reportDue ? 2000 : 15_000;
    },
  });

export const useLatestBuildQuery = () => useQuery(latestBuildQueryOptions());
