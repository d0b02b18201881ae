/** Query keys of the sitemap (the URLs it considers, with their sitemap_entries rows). */
export const sitemapKeys = {
  all: ['sitemap_entries'] as const,
  lists: () => [...sitemapKeys.all, 'list'] as const,
  list: () => [...sitemapKeys.lists(), 'candidates'] as const,
};
