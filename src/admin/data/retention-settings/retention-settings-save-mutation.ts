/**
 * Saves how many months guest data is kept (#30): updates the loaded row if nobody changed it since (D18), or adds
 * the row if it is missing. Not public content: no publish. The database job reads it on its next run.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase, type Tables } from '../../lib/supabase';
import { changedRows, rowsOf } from '../../lib/errors';
import { retentionSettingsKeys } from './keys';

export interface RetentionSettingsSave {
  loaded: Pick<Tables<'retention_settings'>, 'id' | 'updated_at'> | null;
  months: number;
}

export function useRetentionSettingsSaveMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ loaded, months }: RetentionSettingsSave) => {
      const values = { retention_months: months };
      if (!loaded) return rowsOf(await supabase.from('retention_settings').insert(values).select('id'));
      return changedRows(
        await supabase
          .from('retention_settings')
          .update(values)
          .eq('id', loaded.id)
          .eq('updated_at', loaded.updated_at)
          .select('id'),
      );
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: retentionSettingsKeys.all }),
    meta: {
      errorMessage: 'Failed to save the retention setting',
      errorDetails: { invalid: 'Enter a whole number of months from 1 to 120.' },
    },
  });
}
