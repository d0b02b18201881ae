/**
 * What the admin's editors hold besides a block's or section's content: whether it shows and where. The build's
 * rows come already filtered and ordered by the database (D11), so these are optional and, when absent, keep the
 * order given; a live preview passes its unsaved rows as they are and gets the same result.
 */
export interface Ordered {
  isActive?: boolean;
  sortOrder?: number;
}

/** The active items in sort order (ties keep their order, as the database's `order by sort_order, id` does). */
export function visibleInOrder<T extends Ordered>(items: readonly T[]): T[] {
  const active = items.filter((item) => item.isActive !== false);
  return active.some((item) => item.sortOrder !== undefined)
    ? active.sort((a, b) => (a.sortOrder ?? 0) - (b.sortOrder ?? 0))
    : active;
}
