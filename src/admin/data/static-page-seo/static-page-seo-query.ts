/** The SEO row of one built-in route (by page_route, with its trailing slash), or null when none is saved yet. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase, type Tables } from '../../lib/supabase';
import { rowsOf } from '../../lib/errors';
import { staticPageSeoKeys } from './keys';

export const staticPageSeoQueryOptions = (route: string) =>
  queryOptions({
    queryKey: staticPageSeoKeys.detail(route),
    queryFn: async (): Promise<Tables<'static_page_seo'> | null> =>
      rowsOf(await supabase.from('static_page_seo').select().eq('page_route', route).maybeSingle()),
    // Always the row as stored now: the save's updated_at check (D18) compares against what the form loaded.
    staleTime: 0,
    meta: { errorMessage: 'Failed to fetch page SEO data' },
  });

export const useStaticPageSeoQuery = (route: string) => useQuery(staticPageSeoQueryOptions(route));
