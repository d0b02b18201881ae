/** In-place editing of a post (D4): its markdown and alt text as stored now, to edit from. */
import { useQuery } from '@tanstack/react-query';
import { supabase } from '../../lib/supabase';
import { rowsOf } from '../../lib/errors';

export interface PostText {
  id: string;
  content: string;
  alt_text: string | null;
  updated_at: string;
}

export const usePostTextQuery = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: ['blog_posts', 'inplace', id],
    queryFn: async (): Promise<PostText> =>
      rowsOf(await supabase.from('blog_posts').select('id, content, alt_text, updated_at').eq('id', id).single()),
    enabled,
    staleTime: 0,
    meta: { errorMessage: 'Blog post not found' },
  });
