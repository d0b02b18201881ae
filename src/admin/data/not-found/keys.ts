/** Query keys of the 404 monitor's missing paths (#29), generic to specific. */
export const notFoundKeys = {
  all: ['not_found_paths'] as const,
  lists: () => [...notFoundKeys.all, 'list'] as const,
  list: () => [...notFoundKeys.lists(), { order: 'hits desc', probes: false }] as const,
  details: () => [...notFoundKeys.all, 'detail'] as const,
  detail: (path: string) => [...notFoundKeys.details(), path] as const,
};
