/**
 * One page of the activity log (#30, D27), newest first, with the number of entries the filters match: by person
 * (a user's id, or the service role's and the database's own work), by table and by time (from, inclusive; to,
 * exclusive, both ISO instants). Admins read it (RLS); fetched again each time the Activity tab is shown.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { supabase, type Tables } from '../../lib/supabase';
import { activityKeys } from './keys';

export type ActivityEntry = Tables<'activity_log'>;

/** Who acted, for the filter: a user's id, or one of the roles that act without a user. */
export const ACTOR_ROLES = ['service_role', 'system', 'anon'] as const;

export interface ActivityFilters {
  actor?: string;
  table?: string;
  from?: string;
  to?: string;
  /** 0 for the newest page. */
  page: number;
}

export const ACTIVITY_PAGE_SIZE = 50;

export const activityLogQueryOptions = (filters: ActivityFilters) =>
  queryOptions({
    queryKey: activityKeys.list(filters),
    queryFn: async (): Promise<{ rows: ActivityEntry[]; total: number }> => {
      const first = filters.page * ACTIVITY_PAGE_SIZE;
      let query = supabase
        .from('activity_log')
        .select('*', { count: 'exact' })
        .order('happened_at', { ascending: false })
        .order('id', { ascending: false })
        .range(first, first + ACTIVITY_PAGE_SIZE - 1);
      if ((ACTOR_ROLES as readonly string[]).includes(filters.actor ?? ''))
        query = query.eq('actor_role', filters.actor!);
      else if (filters.actor) query = query.eq('actor_id', filters.actor);
      if (filters.table) query = query.eq('table_name', filters.table);
      if (filters.from) query = query.gte('happened_at', filters.from);
      if (filters.to) query = query.lt('happened_at', filters.to);
      const { data, count, error } = await query;
      if (error) throw error;
      return { rows: data ?? [], total: count ?? 0 };
    },
    // The log grows while staff work in other tabs: read it again whenever the tab shows it.
    staleTime: 0,
    placeholderData: keepPreviousData,
    meta: { errorMessage: 'Failed to fetch activity' },
  });

export const useActivityLogQuery = (filters: ActivityFilters) => useQuery(activityLogQueryOptions(filters));
