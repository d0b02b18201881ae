/**
 * The rows an activity page names, as they are today: a post's or page's title, a redirect's addresses, a block's
 * or section's page or post (then that page's or post's title too). An update's entry holds only the changed
 * columns, so naming its item ('Ram unpublished the post “Walking the Kora at Dawn”') needs the row itself. A row
 * deleted since is simply absent. Keys are `table:id`, as the Activity tab asks for them.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '../../lib/supabase';
import { activityKeys } from './keys';

/** The columns that name a row, per table the Activity tab names rows of. */
const NAMING_COLUMNS: Record<string, string> = {
  blog_posts: 'id, title, slug',
  pages: 'id, title, slug',
  categories: 'id, name',
  reviews: 'id, reviewer_name',
  seo_redirects: 'id, from_url, to_url',
  sitemap_entries: 'id, url',
  static_page_seo: 'id, page_route',
  content_blocks: 'id, block_type, page_id, blog_post_id',
  sections: 'id, section_name, page_id, blog_post_id',
};

type Row = Record<string, unknown>;

async function fetchRows(refs: Iterable<string>, into: Map<string, Row>) {
  const byTable = new Map<string, string[]>();
  for (const ref of refs) {
    const [table, id] = ref.split(':');
    if (!NAMING_COLUMNS[table] || !id || into.has(ref)) continue;
    byTable.set(table, [...(byTable.get(table) ?? []), id]);
  }
  await Promise.all(
    [...byTable].map(async ([table, ids]) => {
      const { data, error } = await supabase
        .from(table as 'pages')
        .select(NAMING_COLUMNS[table])
        .in('id', ids);
      if (error) throw error;
      for (const row of (data ?? []) as unknown as Row[]) into.set(`${table}:${String(row.id)}`, row);
    }),
  );
}

export const activityItemsQueryOptions = (refs: readonly string[]) =>
  queryOptions({
    queryKey: activityKeys.items(refs),
    queryFn: async (): Promise<Map<string, Row>> => {
      const rows = new Map<string, Row>();
      await fetchRows(refs, rows);
      // The pages and posts the blocks and sections found belong to, for their titles.
      const parents = [...rows.values()].flatMap((r) => [
        ...(typeof r.page_id === 'string' ? [`pages:${r.page_id}`] : []),
        ...(typeof r.blog_post_id === 'string' ? [`blog_posts:${r.blog_post_id}`] : []),
      ]);
      await fetchRows(parents, rows);
      return rows;
    },
    enabled: refs.length > 0,
    staleTime: 0,
    // No toast of its own: the entries still show, only less specifically named.
  });

export const useActivityItemsQuery = (refs: readonly string[]) => useQuery(activityItemsQueryOptions(refs));
