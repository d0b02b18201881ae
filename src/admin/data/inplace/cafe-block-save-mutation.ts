/**
 * In-place editing of the cafe page (D4): a text block's new text, written only if the block is as the page was
 * built (its updated_at in the markup, D18); otherwise the conflict is said and nothing is overwritten. Publishes.
 */
import { useMutation } from '@tanstack/react-query';
import { supabase } from '../../lib/supabase';
import { changedRows } from '../../lib/errors';

export interface CafeBlockSave {
  id: string;
  text: string;
  alignment: string;
  /** The cafe section the block fills (#31): written back with the text, so the block stays under its heading. */
  section?: string;
  /** The block's updated_at when the page was built. */
  builtAt: string;
}

export function useCafeBlockSaveMutation() {
  return useMutation({
    mutationFn: async ({ id, text, alignment, section, builtAt }: CafeBlockSave) =>
      changedRows(
        await supabase
          .from('content_blocks')
          .update({ content: { text, alignment, ...(section ? { section } : {}) } })
          .eq('id', id)
          .eq('updated_at', builtAt)
          .select('id, updated_at'),
      )[0],
    meta: { errorMessage: 'Failed to update content. Please try again.', publishes: true },
  });
}
