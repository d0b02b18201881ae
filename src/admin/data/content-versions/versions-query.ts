/** The versions a page or post recorded at each save, newest first (spec: Version History). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '../../lib/supabase';
import { readMessage, rowsOf } from '../../lib/errors';
import { versionKeys } from './keys';

export type VersionParent = { page_id: string } | { blog_post_id: string };

export const versionsQueryOptions = (parent: VersionParent) =>
  queryOptions({
    queryKey: versionKeys.of(parent),
    queryFn: async () => {
      const [column, id] = Object.entries(parent)[0] as ['page_id' | 'blog_post_id', string];
      return rowsOf(
        await supabase
          .from('content_versions')
          .select('id, version_data, created_by, created_at')
          .eq(column, id)
          .order('created_at', { ascending: false })
          .order('id', { ascending: false }),
      );
    },
    meta: {
      errorMessage: (err) => readMessage(err, 'Failed to fetch versions', 'An error occurred while fetching versions'),
    },
  });

export const useVersionsQuery = (parent: VersionParent) => useQuery(versionsQueryOptions(parent));
