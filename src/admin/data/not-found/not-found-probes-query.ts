/**
 * The probes row of the 404 monitor (#29): every probe counted in one (src/lib/host/not-found-paths.mjs); null
 * before the first.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase, type Tables } from '../../lib/supabase';
import { PROBES_PATH } from '../../../lib/host/not-found-paths.mjs';
import { notFoundKeys } from './keys';

export const notFoundProbesQueryOptions = () =>
  queryOptions({
    queryKey: notFoundKeys.detail(PROBES_PATH),
    queryFn: async (): Promise<Tables<'not_found_paths'> | null> => {
      const { data, error } = await supabase.from('not_found_paths').select().eq('path', PROBES_PATH).maybeSingle();
      if (error) throw error;
      return data;
    },
    meta: { errorMessage: 'Failed to fetch missing pages' },
  });

export const useNotFoundProbesQuery = () => useQuery(notFoundProbesQueryOptions());
