/**
 * The sample loader (spec: Blog Posts Management): inserts the bundled sample posts only when there is no post
 * at all, else inserts nothing and answers 'exists'. And the separate puja guide post. Both publish.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase, type TablesInsert } from '../../lib/supabase';
import { rowsOf } from '../../lib/errors';
import { blogPostKeys } from './keys';

export function useBlogSamplesMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (posts: TablesInsert<'blog_posts'>[]): Promise<'loaded' | 'exists'> => {
      const any = rowsOf(await supabase.from('blog_posts').select('id').limit(1));
      if (any.length) return 'exists';
      rowsOf(await supabase.from('blog_posts').insert(posts));
      return 'loaded';
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blogPostKeys.all }),
    meta: { errorMessage: 'Failed to load sample content', publishes: true },
  });
}

export function useBlogPostCreateMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (post: TablesInsert<'blog_posts'>) =>
      rowsOf(await supabase.from('blog_posts').insert(post).select('id').single()),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blogPostKeys.all }),
    meta: {
      errorMessage: 'Failed to create blog post. Please try again.',
      errorDetails: { duplicate: 'A post with this slug exists already.' },
      publishes: true,
    },
  });
}
