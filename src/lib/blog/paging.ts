/** Cards per page of the blog list; the rest are on /blog/page/2/ and on (all searchable from page 1). */
export const POSTS_PER_PAGE = 12;

export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / POSTS_PER_PAGE));
}

export function pageSlice<T>(items: T[], page: number): T[] {
  return items.slice((page - 1) * POSTS_PER_PAGE, page * POSTS_PER_PAGE);
}
