/**
 * The Site health tab's read (#29): the live build (the latest that succeeded) with its SEO report, and the report
 * of the successful build before it, for what changed. Two rows of at most 500 findings each, read when the tab is
 * opened and refreshed with every build (buildKeys.all).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase, type Tables } from '../../lib/supabase';
import { buildKeys } from './keys';

export type BuildReportRow = Pick<Tables<'site_builds'>, 'id' | 'finished_at' | 'page_count' | 'seo_report'>;

const COLUMNS = 'id, finished_at, page_count, seo_report';

export const siteHealthQueryOptions = () =>
  queryOptions({
    queryKey: buildKeys.health(),
    queryFn: async (): Promise<{ live: BuildReportRow | null; previous: BuildReportRow | null }> => {
      const live = await supabase
        .from('site_builds')
        .select(COLUMNS)
        .eq('status', 'succeeded')
        .order('id', { ascending: false })
        .limit(1)
        .maybeSingle();
      if (live.error) throw live.error;
      if (!live.data) return { live: null, previous: null };
      const previous = await supabase
        .from('site_builds')
        .select(COLUMNS)
        .eq('status', 'succeeded')
        .not('seo_report', 'is', null)
        .lt('id', live.data.id)
        .order('id', { ascending: false })
        .limit(1)
        .maybeSingle();
      if (previous.error) throw previous.error;
      return { live: live.data, previous: previous.data };
    },
    // A report is stored a moment after its build went live: look again while the live build has none, for two
    // minutes (a report that could not be made is never stored).
    refetchInterval: (q) => {
      const live = q.state.data?.live;
      const waiting = live && !live.seo_report && Date.now() - Date.parse(live.finished_at ?? '') < 120_000;
      return waiting ? 3000 : false;
    },
    meta: { errorMessage: 'Failed to fetch the site health report' },
  });

export const useSiteHealthQuery = () => useQuery(siteHealthQueryOptions());
