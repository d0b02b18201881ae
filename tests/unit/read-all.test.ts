/**
 * readAll (src/lib/content/read-all.ts): every row of a collection, in order, in one request per 1,000 rows, the
 * pages after the first read a few at a time (#28). Against a stand-in for PostgREST's paging (offset, limit,
 * Prefer: count=exact, a total taken when the first page is read); the real one is read by every build test.
 */
import { describe, expect, it } from 'vitest';
import { PAGE_SIZE, readAll } from '../../src/lib/content/read-all';

/** A table of `n` rows read the way PostgREST pages it; `grow` rows are added after the first request. */
function table(n: number, { counts = true, grow = 0, failAt = -1 } = {}) {
  let rows = Array.from({ length: n }, (_, i) => i);
  const requests: Array<{ from: number; to: number; count: boolean }> = [];
  let inFlight = 0;
  let most = 0;
  type Query = Parameters<typeof readAll<number>>[1];
  const query: Query = (from, to) => {
    let count = false;
    const request = {
      setHeader: counts
        ? (name: string, value: string) => (count = name === 'Prefer' && value === 'count=exact')
        : undefined,
      then<R>(resolve: (r: { data: number[] | null; error: { message: string } | null; count: number | null }) => R) {
        requests.push({ from, to, count });
        inFlight++;
        most = Math.max(most, inFlight);
        const total = rows.length;
        const data = rows.slice(from, to + 1);
        if (requests.length === 1 && grow) rows = [...rows, ...Array.from({ length: grow }, (_, i) => n + i)];
        return Promise.resolve().then(() => {
          inFlight--;
          return resolve(
            from === failAt
              ? { data: null, error: { message: 'boom' }, count: null }
              : { data, error: null, count: count ? total : null },
          );
        });
      },
    };
    return request as unknown as ReturnType<Query>;
  };
  return { query, requests, most: () => most };
}

describe('readAll', () => {
  it('reads every row in order, one request per 1,000 rows, the pages after the first at once', async () => {
    const t = table(4500);
    expect(await readAll('blog_posts', t.query)).toEqual(Array.from({ length: 4500 }, (_, i) => i));
    expect(t.requests).toHaveLength(5);
    expect(t.requests[0]).toEqual({ from: 0, to: PAGE_SIZE - 1, count: true });
    expect(t.requests.slice(1).every((r) => !r.count)).toBe(true);
    expect(t.most()).toBeGreaterThan(1);
  });

  it('asks once more when the last page came back full: rows may have come meanwhile', async () => {
    const t = table(2000);
    expect(await readAll('blog_posts', t.query)).toHaveLength(2000);
    expect(t.requests.map((r) => r.from)).toEqual([0, 1000, 2000]);
  });

  it('makes one request for a small collection, and for an empty one', async () => {
    for (const n of [0, 999]) {
      const t = table(n);
      expect(await readAll('t', t.query)).toHaveLength(n);
      expect(t.requests).toHaveLength(1);
    }
  });

  it('reads page after page where no total comes back', async () => {
    const t = table(2500, { counts: false });
    expect(await readAll('t', t.query)).toEqual(Array.from({ length: 2500 }, (_, i) => i));
    expect(t.requests.map((r) => r.from)).toEqual([0, 1000, 2000]);
    expect(t.most()).toBe(1);
  });

  it('goes on reading when rows arrive after the total was taken', async () => {
    const t = table(2000, { grow: 1500 });
    expect(await readAll('t', t.query)).toEqual(Array.from({ length: 3500 }, (_, i) => i));
  });

  it('fails naming the table when any page fails', async () => {
    await expect(readAll('blog_posts', table(3000, { failAt: 2000 }).query)).rejects.toThrow(
      'Build-time read of blog_posts failed: boom',
    );
  });
});
