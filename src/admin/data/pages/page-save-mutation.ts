/**
 * Saves a page with its content blocks and sections and records a version, in one transaction (save_page, D24),
 * after the updated_at check (D18). A published page whose address changes keeps the old one as a 301 (D23, done
 * by the same function). Converting a static page (D20) is a first save of a new page at the route. Publishes.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase, type Json, type Tables, type TablesInsert } from '../../lib/supabase';
import { rowsOf } from '../../lib/errors';
import { pageKeys } from './keys';
import { versionKeys } from '../content-versions/keys';
import type { ChildRow } from '../blog-posts/blog-post-save-mutation';

export interface PageSave {
  /** The columns to write; `id` for an existing page. */
  page: Partial<TablesInsert<'pages'>> & { id?: string };
  /** Complete lists (D24), or null to leave them as they are. */
  blocks: ChildRow[] | null;
  sections: ChildRow[] | null;
  /** The updated_at the editor loaded, for an existing page. */
  loadedAt?: string;
  /** Which message a failure shows: the spec words converting apart from creating. */
  action?: 'convert' | 'blocks';
}

const FAILED = { convert: 'Failed to create editable page', blocks: 'Failed to save content blocks' } as const;

export function usePageSaveMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ page, blocks, sections, loadedAt }: PageSave) =>
      rowsOf(
        await supabase.rpc('save_page', {
          p_page: page as Json,
          p_blocks: blocks as Json,
          p_sections: sections as Json,
          p_expected_updated_at: loadedAt,
        }),
      ) as unknown as Tables<'pages'>,
    onSuccess: async (saved) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: pageKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: pageKeys.detail(saved.id) }),
        queryClient.invalidateQueries({ queryKey: versionKeys.all }),
      ]);
    },
    meta: {
      errorMessage: ({ page, action }: PageSave) =>
        action ? FAILED[action] : page.id ? 'Failed to update page' : 'Failed to create page',
      errorDetails: {
        duplicate: 'Another page already uses this URL slug or address. Change the URL Slug and save again.',
        invalid: 'A field holds a value the database refuses; check the slug, the URLs and the lengths.',
      },
      publishes: true,
    },
  });
}
