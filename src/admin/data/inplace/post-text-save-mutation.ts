/**
 * In-place editing of a post (D4, D13): its content, or its featured image's alt text, written only if the post is
 * as the page was built (its updated_at in the markup, D18). Publishes.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '../../lib/supabase';
import { changedRows } from '../../lib/errors';
import { postTextKey } from './post-text-query';

export interface PostTextSave {
  id: string;
  values: { content: string } | { alt_text: string | null };
  /** The post's updated_at when the page was built (or when it was last saved here). */
  builtAt: string;
}

export function usePostTextSaveMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, values, builtAt }: PostTextSave) =>
      changedRows(
        await supabase
          .from('blog_posts')
          .update(values)
          .eq('id', id)
          .eq('updated_at', builtAt)
          .select('id, content, alt_text, updated_at'),
      )[0],
    onSuccess: (_row, { id }) => queryClient.invalidateQueries({ queryKey: postTextKey(id) }),
    meta: { errorMessage: 'Failed to update content', publishes: true },
  });
}
