/**
 * Saves a blog post with its content blocks and sections and records a version, in one transaction
 * (save_blog_post, D24), after the updated_at check (D18). A published post whose slug changes keeps its old
 * address as a 301 (D23, done by the same function). Publishes.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase, type Json, type Tables, type TablesInsert } from '../../lib/supabase';
import { rowsOf } from '../../lib/errors';
import { blogPostKeys } from './keys';
import { versionKeys } from '../content-versions/keys';

/** A block or section as the save function takes it: with its id when it is stored already. */
export type ChildRow = { id?: string } & Record<string, unknown>;

export interface BlogPostSave {
  /** The columns to write; `id` for an existing post. */
  post: Partial<TablesInsert<'blog_posts'>> & { id?: string };
  blocks: ChildRow[];
  sections: ChildRow[];
  /** The updated_at the editor loaded, for an existing post. */
  loadedAt?: string;
  note?: string;
}

export function useBlogPostSaveMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ post, blocks, sections, loadedAt, note }: BlogPostSave) =>
      rowsOf(
        await supabase.rpc('save_blog_post', {
          p_post: post as Json,
          p_blocks: blocks as Json,
          p_sections: sections as Json,
          p_expected_updated_at: loadedAt,
          p_change_note: note,
        }),
      ) as unknown as Tables<'blog_posts'>,
    onSuccess: async (saved) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: blogPostKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: blogPostKeys.detail(saved.id) }),
        queryClient.invalidateQueries({ queryKey: versionKeys.all }),
      ]);
    },
    meta: {
      errorMessage: ({ post }: BlogPostSave) => (post.id ? 'Failed to update blog post' : 'Failed to create blog post'),
      errorDetails: {
        duplicate: 'Another post already uses this slug. Change the URL slug and save again.',
        invalid: 'A field holds a value the database refuses; check the slug, the URLs and the lengths.',
      },
      publishes: true,
    },
  });
}
