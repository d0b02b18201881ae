/** How long guest messages and unsubscribed addresses are kept (#30): the one row, or null if it is missing. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase, type Tables } from '../../lib/supabase';
import { rowsOf } from '../../lib/errors';
import { retentionSettingsKeys } from './keys';

export const retentionSettingsQueryOptions = () =>
  queryOptions({
    queryKey: retentionSettingsKeys.detail(),
    // maybeSingle() after limit() types its row as null; the row is the table's.
    queryFn: async (): Promise<Tables<'retention_settings'> | null> =>
      rowsOf(
        await supabase.from('retention_settings').select().limit(1).maybeSingle(),
      ) as Tables<'retention_settings'> | null,
    meta: { errorMessage: 'Failed to fetch the retention setting' },
  });

export const useRetentionSettingsQuery = () => useQuery(retentionSettingsQueryOptions());
