/**
 * The missing paths the 404 page reported (#29, D28), most hit first, ignored ones included (the list hides them):
 * the 200 most hit, which is more than staff will act on; the probes row is read on its own
 * (not-found-probes-query.ts).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '../../lib/supabase';
import { rowsOf } from '../../lib/errors';
import { PROBES_PATH } from '../../../lib/host/not-found-paths.mjs';
import { notFoundKeys } from './keys';

/** How many paths the list reads. */
export const NOT_FOUND_LIST_LIMIT = 200;

export const notFoundQueryOptions = () =>
  queryOptions({
    queryKey: notFoundKeys.list(),
    queryFn: async () =>
      rowsOf(
        await supabase
          .from('not_found_paths')
          .select()
          .neq('path', PROBES_PATH)
          .order('hits', { ascending: false })
          .order('last_seen', { ascending: false })
          .limit(NOT_FOUND_LIST_LIMIT),
      ),
    meta: { errorMessage: 'Failed to fetch missing pages' },
  });

export const useNotFoundQuery = () => useQuery(notFoundQueryOptions());
