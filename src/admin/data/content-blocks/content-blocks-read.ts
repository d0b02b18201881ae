/**
 * The content blocks of a page or post, in order: the part of the editors' detail reads (page-query,
 * blog-post-query) that loads them beside the row. A failure of this part is told in the spec's words for blocks,
 * not the row's: 'Failed to fetch content blocks', or 'An error occurred while fetching blocks' when the request
 * got no answer.
 */
import { supabase } from '../../lib/supabase';
import { ReadError, readMessage } from '../../lib/errors';

export const contentBlocksRead = (column: 'page_id' | 'blog_post_id', id: string) =>
  supabase.from('content_blocks').select().eq(column, id).order('sort_order').order('id');

/** The blocks of the answer, or a `ReadError` in the spec's words for blocks. */
export function blocksOf({ data, error }: Awaited<ReturnType<typeof contentBlocksRead>>) {
  if (error) {
    throw new ReadError(
      readMessage(error, 'Failed to fetch content blocks', 'An error occurred while fetching blocks'),
      error,
    );
  }
  return data;
}
