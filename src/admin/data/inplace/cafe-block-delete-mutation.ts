/** In-place editing of the cafe page (D4): removes a text block, if it is as the page was built (D18). Publishes. */
import { useMutation } from '@tanstack/react-query';
import { supabase } from '../../lib/supabase';
import { changedRows } from '../../lib/errors';

export function useCafeBlockDeleteMutation() {
  return useMutation({
    mutationFn: async ({ id, builtAt }: { id: string; builtAt: string }) =>
      changedRows(await supabase.from('content_blocks').delete().eq('id', id).eq('updated_at', builtAt).select('id')),
    meta: { errorMessage: 'Failed to delete content. Please try again.', publishes: true },
  });
}
