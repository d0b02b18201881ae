/**
 * In-place editing of a post (D4, D13): its content, or its featured image's alt text, saved through the editors'
 * own save_blog_post (D24) with the post's updated_at in the markup (D18): only the given field is written, the
 * blocks and sections are left as they are, and the post's version is recorded, so Version History lists the edit
 * and can restore it. A post changed since the page was built answers PT409 and nothing is saved. Publishes.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase, type Tables } from '../../lib/supabase';
import { rowsOf } from '../../lib/errors';
import { versionKeys } from '../content-versions/keys';
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
      rowsOf(
        await supabase.rpc('save_blog_post', {
          p_post: { id, ...values },
          p_expected_updated_at: builtAt,
        }),
      ) as unknown as Tables<'blog_posts'>,
    onSuccess: (_row, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: postTextKey(id) }),
        queryClient.invalidateQueries({ queryKey: versionKeys.all }),
      ]),
    meta: { errorMessage: 'Failed to update content', publishes: true },
  });
}
