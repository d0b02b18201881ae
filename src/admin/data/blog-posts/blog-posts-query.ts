/** Blog posts for overviews (the Content List): the columns a row shows, newest update first. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '../../lib/supabase';
import { rowsOf } from '../../lib/errors';
import { blogPostKeys } from './keys';

export const blogPostsQueryOptions = () =>
  queryOptions({
    queryKey: blogPostKeys.list({ view: 'overview' }),
    queryFn: async () =>
      rowsOf(
        await supabase
          .from('blog_posts')
          .select('id, title, slug, is_published, published_date, updated_at, category, author_name')
          .order('updated_at', { ascending: false }),
      ),
    meta: { errorMessage: 'Failed to fetch blog posts' },
  });

export const useBlogPostsQuery = () => useQuery(blogPostsQueryOptions());
