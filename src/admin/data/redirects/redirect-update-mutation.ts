/** Switches a redirect on or off, only if nobody changed it since it was loaded (D18); publishes. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '../../lib/supabase';
import { changedRows } from '../../lib/errors';
import { redirectKeys } from './keys';

export function useRedirectUpdateMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, loadedAt, isActive }: { id: string; loadedAt: string; isActive: boolean }) =>
      changedRows(
        await supabase
          .from('seo_redirects')
          .update({ is_active: isActive })
          .eq('id', id)
          .eq('updated_at', loadedAt)
          .select('id'),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: redirectKeys.lists() }),
    meta: { errorMessage: 'Failed to update redirect status', publishes: true },
  });
}
