/** TanStack Query for the admin: data fresh for 5 minutes, one retry (spec §9), and one key factory per entity. */
import { QueryClient } from '@tanstack/react-query';

export function createQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { staleTime: 5 * 60_000, retry: 1 } } });
}

export const keys = {
  builds: { latest: ['site_builds', 'latest'] as const },
  reviews: { all: ['reviews'] as const },
  categories: { all: ['categories'] as const },
  contact: { details: ['contact_details'] as const },
  submissions: { all: ['contact_submissions'] as const, subscribers: ['newsletter_subscribers'] as const },
  redirects: { all: ['seo_redirects'] as const },
  content: { pages: ['pages', 'overview'] as const, posts: ['blog_posts', 'overview'] as const },
} as const;
