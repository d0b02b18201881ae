/**
 * The favicon of the site-wide SEO settings row, for the Favicon sub-tab (spec: seo_settings, 'read only
 * favicon_url'; with the row's id and updated_at, which its save checks, D18), or null before a row is saved.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase, type Tables } from '../../lib/supabase';
import { rowsOf } from '../../lib/errors';
import { seoSettingsKeys } from './keys';

export type FaviconRow = Pick<Tables<'seo_settings'>, 'id' | 'updated_at' | 'favicon_url'>;

export const faviconQueryOptions = () =>
  queryOptions({
    queryKey: seoSettingsKeys.favicon(),
    queryFn: async (): Promise<FaviconRow | null> =>
      rowsOf(
        await supabase.from('seo_settings').select('id, updated_at, favicon_url').limit(1).maybeSingle(),
      ) as FaviconRow | null,
    meta: { errorMessage: 'Failed to fetch SEO data' },
  });

export const useFaviconQuery = () => useQuery(faviconQueryOptions());
