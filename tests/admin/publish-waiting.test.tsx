/**
 * The status bar between a save and its build (D17): from a publishing write until its request is in the queue and
 * the latest build has been read again, it says 'Publish queued…', even when the latest build it knows went live
 * meanwhile. Otherwise the build that was running before the save could go live within the request's debounce and
 * the status would say "Live" while the save was not (the end-to-end convert test met exactly that). The staff bar
 * of in-place editing likewise: no "Live" and no Reload for an earlier save's build while this save's is on its way.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createQueryClient } from '../../src/admin/lib/query-client';
import { PublishProvider } from '../../src/admin/lib/publish';
import { requestPublish } from '../../src/admin/lib/publish-requests';
import PublishStatus from '../../src/admin/components/PublishStatus';
import { StaffBar } from '../../src/admin/inplace/InPlaceApp';
import { json } from './rest-stub';

function wrapper({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={createQueryClient()}>
      <PublishProvider>{children}</PublishProvider>
    </QueryClientProvider>
  );
}

const build = (id: number, status: string) => ({
  id,
  status,
  trigger: 'admin',
  requested_at: new Date().toISOString(),
  started_at: new Date().toISOString(),
  finished_at: status === 'succeeded' ? new Date().toISOString() : null,
  duration_ms: status === 'succeeded' ? 1700 : null,
  page_count: 9,
  pages_rendered: 1,
  pages_reused: 8,
  error: null,
  seo_total: 0,
});

afterEach(() => vi.restoreAllMocks());

/**
 * Stubs the network: the latest build read answers `queue.latest`; rebuild-site waits until `release()` (the request
 * on its way), then queues build 8 as the latest and answers. `calls` counts the requests for a build.
 */
function stubQueue(first: ReturnType<typeof build>) {
  const queue = { latest: first, calls: 0, release: () => {} };
  const requested = new Promise<void>((resolve) => (queue.release = resolve));
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    if (url.pathname.endsWith('/functions/v1/rebuild-site')) {
      queue.calls++;
      await requested;
      queue.latest = build(8, 'queued');
      return json(202, { build: { id: 8, status: 'queued' } });
    }
    if (url.pathname.endsWith('/rest/v1/site_builds')) return json(200, [queue.latest]);
    throw new Error(`no stub for ${url.pathname}`);
  });
  return queue;
}

describe('the status bar after a save', () => {
  it("says 'Publish queued…' until the save's build is the latest it read, though the running build went live", async () => {
    const queue = stubQueue(build(7, 'building'));
    render(<PublishStatus />, { wrapper });
    const status = () => screen.getByRole('status');
    await waitFor(() => expect(status().getAttribute('data-build-status')).toBe('building'));

    // A save: the build that was running goes live before the request is even sent (the debounce).
    act(() => requestPublish());
    queue.latest = build(7, 'succeeded');
    await new Promise((r) => setTimeout(r, 1100)); // past the debounce and the 1 s poll of a running build
    expect(queue.calls).toBe(1);
    expect(status().getAttribute('data-build-status')).toBe('queued');
    expect(status().textContent).toContain('Publish queued…');
    expect(screen.getByRole('button', { name: 'Publish now' })).toHaveProperty('disabled', true);

    // The queue answers, the latest build is read again: the save's own build is what the status shows.
    queue.release();
    await waitFor(() => expect(status().textContent).toContain('Publish queued…'));
    queue.latest = build(8, 'succeeded');
    await waitFor(() => expect(status().getAttribute('data-build-status')).toBe('succeeded'), { timeout: 3000 });
    expect(status().textContent).toMatch(/^Live: published/);
  });
});

describe('the staff bar of in-place editing after a second save', () => {
  it("says 'Publishing your change…' without Reload while the first save's build is the latest it knows", async () => {
    const queue = stubQueue(build(7, 'succeeded'));
    render(<StaffBar />, { wrapper });
    const bar = () => screen.getByRole('complementary', { name: 'Staff editing' });
    // The first save's build, live: Reload.
    await waitFor(() => expect(bar().getAttribute('data-inplace-status')).toBe('succeeded'));
    expect(screen.getByRole('link', { name: 'Reload' })).toBeTruthy();

    act(() => requestPublish());
    expect(bar().getAttribute('data-inplace-status')).toBe('queued');
    expect(screen.getByRole('status').textContent).toBe('Publishing your change…');
    expect(screen.queryByRole('link', { name: 'Reload' })).toBeNull();
    await new Promise((r) => setTimeout(r, 1100)); // past the debounce: the request is on its way
    expect(bar().getAttribute('data-inplace-status')).toBe('queued');

    queue.release();
    await waitFor(() => expect(queue.latest.id).toBe(8)); // the queue has answered
    queue.latest = build(8, 'succeeded');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Reload' })).toBeTruthy(), { timeout: 3000 });
    expect(screen.getByRole('status').textContent).toBe('Live');
  });
});
