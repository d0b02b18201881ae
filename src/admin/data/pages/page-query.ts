/**
 * One stored page for the editor: every column, its content blocks and its sections (all of them, inactive ones
 * too, in sort order), a failure of the blocks in the spec's words for them (content-blocks-read.ts). `null` when
 * no page has that id: the tab says so and goes back to the list.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase, type Tables } from '../../lib/supabase';
import { rowsOf } from '../../lib/errors';
import { blocksOf, contentBlocksRead } from '../content-blocks/content-blocks-read';
import { pageKeys } from './keys';

export interface PageDetail {
  page: Tables<'pages'>;
  blocks: Tables<'content_blocks'>[];
  sections: Tables<'sections'>[];
}

export const pageQueryOptions = (id: string) =>
  queryOptions({
    queryKey: pageKeys.detail(id),
    queryFn: async (): Promise<PageDetail | null> => {
      const [page, blocks, sections] = await Promise.all([
        supabase.from('pages').select().eq('id', id).maybeSingle(),
        contentBlocksRead('page_id', id),
        supabase.from('sections').select().eq('page_id', id).order('sort_order').order('id'),
      ]);
      const row = rowsOf(page);
      if (!row) return null;
      return { page: row, blocks: blocksOf(blocks), sections: rowsOf(sections) };
    },
    // Always the row as stored now: the editor's updated_at check (D18) compares against what it loaded.
    staleTime: 0,
    meta: { errorMessage: 'Failed to fetch pages' },
  });

export const usePageQuery = (id: string | undefined) =>
  useQuery({ ...pageQueryOptions(id ?? ''), enabled: Boolean(id) });
