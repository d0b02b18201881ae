/** Query keys of SEO redirects, generic to specific. */
export const redirectKeys = {
  all: ['seo_redirects'] as const,
  lists: () => [...redirectKeys.all, 'list'] as const,
  list: () => [...redirectKeys.lists(), { order: 'created_at desc' }] as const,
};
