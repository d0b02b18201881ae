/** Stored pages for overviews (the Content List): the columns a row shows, newest update first. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '../../lib/supabase';
import { rowsOf } from '../../lib/errors';
import { pageKeys } from './keys';

export const pagesQueryOptions = () =>
  queryOptions({
    queryKey: pageKeys.list({ view: 'overview' }),
    queryFn: async () =>
      rowsOf(
        await supabase
          .from('pages')
          .select('id, title, slug, custom_url, is_published, preview_mode, updated_at')
          .order('updated_at', { ascending: false }),
      ),
    meta: { errorMessage: 'Failed to fetch pages' },
  });

export const usePagesQuery = () => useQuery(pagesQueryOptions());
