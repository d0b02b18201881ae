/** Query keys of the activity log (#30), generic to specific: a page of entries per filter, the items they name. */
import type { ActivityFilters } from './activity-log-query';

export const activityKeys = {
  all: ['activity_log'] as const,
  lists: () => [...activityKeys.all, 'list'] as const,
  list: (filters: ActivityFilters) => [...activityKeys.lists(), filters] as const,
  items: (refs: readonly string[]) => [...activityKeys.all, 'items', refs] as const,
};
