/**
 * The build record (build-log.mjs): a final status that could not be written is written again in the background
 * (a database briefly unreachable at that moment), and a status on the way is never retried. The database is a
 * stand-in whose updates fail as many times as the test says; the clock is fake.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBuildLog } from '../build-log.mjs';

/** A client whose `site_builds` updates fail `failures` times, then succeed; it keeps what was written. */
function flakyDatabase(failures: number) {
  const writes: Array<Record<string, unknown>> = [];
  let left = failures;
  const db = {
    from: () => ({
      update: (fields: Record<string, unknown>) => ({
        eq: async () => {
          if (left-- > 0) return { error: { message: 'fetch failed' } };
          writes.push(fields);
          return { error: null };
        },
      }),
    }),
  } as unknown as SupabaseClient;
  return { db, writes };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the build record', () => {
  it('writes a final status again when the database refused it, until it is written', async () => {
    vi.useFakeTimers();
    const { db, writes } = flakyDatabase(2);
    const logs: string[] = [];
    const builds = createBuildLog(db, (l) => logs.push(l), { retriesMs: [100, 200, 400] });
    await builds.update({ id: 7, status: 'building' }, { status: 'succeeded', page_count: 3 });
    expect(writes).toEqual([]);
    await vi.advanceTimersByTimeAsync(100); // the first retry fails too
    expect(writes).toEqual([]);
    await vi.advanceTimersByTimeAsync(200);
    expect(writes).toEqual([{ status: 'succeeded', page_count: 3 }]);
    expect(logs).toEqual([
      '[publisher] could not record build 7: fetch failed',
      '[publisher] recorded build 7 as succeeded on attempt 3',
    ]);
  });

  it('gives up after its retries, saying so, and retries nothing but a final status', async () => {
    vi.useFakeTimers();
    const { db, writes } = flakyDatabase(100);
    const logs: string[] = [];
    const builds = createBuildLog(db, (l) => logs.push(l), { retriesMs: [100, 200] });
    await builds.update({ id: 8, status: 'queued' }, { status: 'building' });
    await builds.update({ id: 8, status: 'building' }, { status: 'failed', error: 'boom' });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(writes).toEqual([]);
    expect(logs.at(-1)).toBe('[publisher] gave up recording build 8 as failed; the next start marks it failed');
    // The refusals logged: the 'building' write's (never retried) and the 'failed' write's; its retries log only
    // that they gave up.
    expect(logs.filter((l) => l.startsWith('[publisher] could not record build 8'))).toHaveLength(2);
  });

  it('cancels the retries still waiting when stopped', async () => {
    vi.useFakeTimers();
    const { db, writes } = flakyDatabase(1);
    const builds = createBuildLog(db, () => {}, { retriesMs: [100] });
    await builds.update({ id: 9, status: 'building' }, { status: 'succeeded' });
    builds.stop();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(writes).toEqual([]);
  });
});
