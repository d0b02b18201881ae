/** The site-wide SEO settings row (analytics, verification, scripts, social defaults, favicon), or null before one is saved. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase, type Tables } from '../../lib/supabase';
import { rowsOf } from '../../lib/errors';
import { seoSettingsKeys } from './keys';

export const seoSettingsQueryOptions = () =>
  queryOptions({
    queryKey: seoSettingsKeys.detail(),
    // maybeSingle() after limit() types its row as null; the row is the table's.
    queryFn: async (): Promise<Tables<'seo_settings'> | null> =>
      rowsOf(await supabase.from('seo_settings').select().limit(1).maybeSingle()) as Tables<'seo_settings'> | null,
    meta: { errorMessage: 'Failed to fetch SEO settings' },
  });

export const useSeoSettingsQuery = () => useQuery(seoSettingsQueryOptions());
