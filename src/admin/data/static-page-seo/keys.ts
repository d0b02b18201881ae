/** Query keys of the built-in routes' SEO rows (one per page_route). */
export const staticPageSeoKeys = {
  all: ['static_page_seo'] as const,
  details: () => [...staticPageSeoKeys.all, 'detail'] as const,
  detail: (route: string) => [...staticPageSeoKeys.details(), route] as const,
};
