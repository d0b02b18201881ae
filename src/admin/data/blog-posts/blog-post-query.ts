/**
 * One blog post for the editor: every column, its content blocks and its sections (all of them, inactive ones
 * too, in sort order), a failure of the blocks in the spec's words for them (content-blocks-read.ts). `null` when
 * no post has that id: the editor says 'Blog post not found'.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase, type Tables } from '../../lib/supabase';
import { rowsOf } from '../../lib/errors';
import { blocksOf, contentBlocksRead } from '../content-blocks/content-blocks-read';
import { blogPostKeys } from './keys';

export interface BlogPostDetail {
  post: Tables<'blog_posts'>;
  blocks: Tables<'content_blocks'>[];
  sections: Tables<'sections'>[];
}

export const blogPostQueryOptions = (id: string) =>
  queryOptions({
    queryKey: blogPostKeys.detail(id),
    queryFn: async (): Promise<BlogPostDetail | null> => {
      const [post, blocks, sections] = await Promise.all([
        supabase.from('blog_posts').select().eq('id', id).maybeSingle(),
        contentBlocksRead('blog_post_id', id),
        supabase.from('sections').select().eq('blog_post_id', id).order('sort_order').order('id'),
      ]);
      const row = rowsOf(post);
      if (!row) return null;
      return { post: row, blocks: blocksOf(blocks), sections: rowsOf(sections) };
    },
    // Always the row as stored now: the editor's updated_at check (D18) compares against what it loaded.
    staleTime: 0,
    meta: { errorMessage: 'Failed to fetch blog posts' },
  });

export const useBlogPostQuery = (id: string | undefined) =>
  useQuery({ ...blogPostQueryOptions(id ?? ''), enabled: Boolean(id) });
