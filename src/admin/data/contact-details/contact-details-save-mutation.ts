/**
 * Saves the contact details: updates the loaded row if nobody changed it since (D18), or inserts the first one.
 * Publishes: the name, phone, email, address and booking URL are on every page (D16).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase, type Tables, type TablesInsert } from '../../lib/supabase';
import { changedRows, rowsOf } from '../../lib/errors';
import { contactDetailsKeys } from './keys';

export interface ContactDetailsSave {
  /** The row the form was filled from, or null when there is none yet. */
  loaded: Pick<Tables<'contact_details'>, 'id' | 'updated_at'> | null;
  values: TablesInsert<'contact_details'>;
}

export function useContactDetailsSaveMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ loaded, values }: ContactDetailsSave) => {
      if (!loaded) return rowsOf(await supabase.from('contact_details').insert(values).select('id'));
      return changedRows(
        await supabase
          .from('contact_details')
          .update(values)
          .eq('id', loaded.id)
          .eq('updated_at', loaded.updated_at)
          .select('id'),
      );
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactDetailsKeys.all }),
    meta: {
      errorMessage: ({ loaded }: ContactDetailsSave) =>
        loaded ? 'Failed to update contact details' : 'Failed to save contact details',
      errorDetails: { invalid: 'Check the email address and booking URL.' },
      publishes: true,
    },
  });
}
