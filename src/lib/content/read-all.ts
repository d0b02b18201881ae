import { readFailed } from './client';

export const PAGE_SIZE = 1000;

/** Counts every request the build makes to the database (the bench prints it: one per 1,000 rows). */
export const requestLog: string[] = [];

/**
 * Reads a whole collection in pages of 1,000 rows (PostgREST's max-rows), so a large blog costs one request
 * per thousand rows, never one per page built. `query(from, to)` must apply a stable order.
 */
export async function readAll<T>(
  table: string,
  query: (
    from: number,
    to: number,
  ) => PromiseLike<{ data: T[] | null; error: { message: string; code?: string } | null }>,
): Promise<T[]> {
  const rows: T[] = [];
  for (let from = 0; ; from += PAGE_SIZE) {
    requestLog.push(table);
    const { data, error } = await query(from, from + PAGE_SIZE - 1);
    if (error) readFailed(table, error);
    rows.push(...(data ?? []));
    if (!data || data.length < PAGE_SIZE) return rows;
  }
}
