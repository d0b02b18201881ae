/** Query keys of blog posts, generic to specific (TkDodo's factory). */
export const blogPostKeys = {
  all: ['blog_posts'] as const,
  lists: () => [...blogPostKeys.all, 'list'] as const,
  list: (filters: { view: 'overview' }) => [...blogPostKeys.lists(), filters] as const,
  details: () => [...blogPostKeys.all, 'detail'] as const,
  detail: (id: string) => [...blogPostKeys.details(), id] as const,
};
