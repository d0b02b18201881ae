/** Deletes a blog post; its content blocks, sections and versions go with it (foreign keys cascade). Publishes. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '../../lib/supabase';
import { rowsOf } from '../../lib/errors';
import { blogPostKeys } from './keys';

export function useBlogPostDeleteMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id }: { id: string }) =>
      rowsOf(await supabase.from('blog_posts').delete().eq('id', id).select('id')),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blogPostKeys.all }),
    meta: { errorMessage: 'Failed to delete blog post', publishes: true },
  });
}
