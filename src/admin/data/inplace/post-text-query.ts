/** In-place editing of a post (D4): its markdown and alt text as stored now, to edit from. */
import { useQuery } from '@tanstack/react-query';
import { supabase } from '../../lib/supabase';
import { rowsOf } from '../../lib/errors';
import { blogPostKeys } from '../blog-posts/keys';

export interface PostText {
  id: string;
  content: string;
  alt_text: string | null;
  updated_at: string;
}

/** Under the post's own key, so saving the post anywhere refreshes it. */
export const postTextKey = (id: string) => [...blogPostKeys.detail(id), 'text'] as const;

export const usePostTextQuery = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: postTextKey(id),
    queryFn: async (): Promise<PostText> =>
      rowsOf(await supabase.from('blog_posts').select('id, content, alt_text, updated_at').eq('id', id).single()),
    enabled,
    staleTime: 0,
    meta: { errorMessage: 'Blog post not found' },
  });
