/**
 * In-place editing of the cafe page (D4): a text block's new text, saved through save_content_block with the
 * block's updated_at in the markup (D18): a block changed since the page was built answers PT409, the conflict is
 * said and nothing is overwritten. The same transaction records the page's version, as a save from the Pages
 * editor does (D24), so Version History lists the edit and can restore it. Publishes.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase, type Tables } from '../../lib/supabase';
import { rowsOf } from '../../lib/errors';
import { versionKeys } from '../content-versions/keys';

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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, text, alignment, section, builtAt }: CafeBlockSave) =>
      rowsOf(
        await supabase.rpc('save_content_block', {
          p_block_id: id,
          p_content: { text, alignment, ...(section ? { section } : {}) },
          p_expected_updated_at: builtAt,
        }),
      ) as unknown as Tables<'content_blocks'>,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: versionKeys.all }),
    meta: { errorMessage: 'Failed to update content. Please try again.', publishes: true },
  });
}
