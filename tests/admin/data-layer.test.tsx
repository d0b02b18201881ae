/**
 * The admin's data layer as staff meet it, with the network answered by a stub `fetch` (these component tests
 * run in happy-dom; the same queries and mutations run against the real stack in the Playwright tests):
 * a failed read shows the spec's message once (not once per retry) and an error state with Retry instead of an
 * empty list; a publishing write asks for a rebuild only after it succeeded; a failed write says why, once; each
 * read's failure in the spec's words for what failed (#31).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Toaster } from 'sonner';
import type { ReactNode } from 'react';
import { createQueryClient } from '../../src/admin/lib/query-client';
import { onPublishRequest } from '../../src/admin/lib/publish-requests';
import { useCategoryCreateMutation } from '../../src/admin/data/categories/category-create-mutation';
import { useReviewUpdateMutation } from '../../src/admin/data/reviews/review-update-mutation';
import { CONFLICT_MESSAGE } from '../../src/admin/lib/errors';
import ReviewsTab from '../../src/admin/features/reviews/ReviewsTab';
import { toast } from '../../src/admin/lib/toast';
import { versionsQueryOptions } from '../../src/admin/data/content-versions/versions-query';
import { pageQueryOptions } from '../../src/admin/data/pages/page-query';
import { blogPostQueryOptions } from '../../src/admin/data/blog-posts/blog-post-query';
import { faviconQueryOptions } from '../../src/admin/data/seo-settings/favicon-query';
import { seoSettingsQueryOptions } from '../../src/admin/data/seo-settings/seo-settings-query';
import { stubTables } from './rest-stub';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function wrapper({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={createQueryClient()}>
      <Toaster />
      {children}
    </QueryClientProvider>
  );
}

afterEach(() => vi.restoreAllMocks());

describe('a failed read', () => {
  it(
    'shows the spec’s message once after the retry, an error state with Retry, then the rows',
    { timeout: 20_000 },
    async () => {
      // A server error (not retried by postgrest-js itself): TanStack Query tries twice (one retry, spec §9).
      const fetchSpy = vi
        .spyOn(globalThis, 'fetch')
        .mockImplementation(async () =>
          json(500, { code: 'XX000', message: 'database is down', details: null, hint: null }),
        );
      const user = userEvent.setup();
      render(<ReviewsTab />, { wrapper });

      const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
      expect(alert.textContent).toContain('Could not load the reviews');
      expect(fetchSpy.mock.calls.filter(([url]) => String(url).includes('/rest/v1/reviews'))).toHaveLength(2);
      expect(await screen.findAllByText('Failed to fetch reviews')).toHaveLength(1);
      expect(screen.queryAllByRole('button', { name: 'Edit' })).toHaveLength(0);

      fetchSpy.mockImplementation(async () =>
        json(200, [
          {
            id: 'r1',
            reviewer_name: 'Pasang',
            review_date: '2026-11-01',
            review_text: 'The roof at dawn.',
            rating: 5,
            platform_source: 'Google My Business',
            is_displayed: true,
            is_featured: false,
            created_at: '2026-11-01T00:00:00Z',
            updated_at: '2026-11-01T00:00:00Z',
          },
        ]),
      );
      await user.click(screen.getByRole('button', { name: 'Retry' }));
      expect(await screen.findByText('The roof at dawn.')).toBeTruthy();
      expect(screen.queryByRole('alert')).toBeNull();
      expect(screen.getAllByText('Failed to fetch reviews')).toHaveLength(1);
    },
  );
});

describe('a publishing write', () => {
  it('asks for a rebuild once, after the write succeeded', async () => {
    const published = vi.fn();
    const stop = onPublishRequest(published);
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 201 }));
    const { result } = renderHook(() => useCategoryCreateMutation(), { wrapper });
    await act(() => result.current.mutateAsync({ name: 'Festivals', slug: 'festivals' }));
    expect(published).toHaveBeenCalledTimes(1);
    stop();
  });

  it('does not publish a failed write, and says why once: the spec’s message and the duplicate', async () => {
    const published = vi.fn();
    const stop = onPublishRequest(published);
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      json(409, { code: '23505', message: 'duplicate key value', details: null, hint: null }),
    );
    const { result } = renderHook(() => useCategoryCreateMutation(), { wrapper });
    await act(() => result.current.mutateAsync({ name: 'Festivals', slug: 'festivals' }).catch(() => {}));
    expect(published).not.toHaveBeenCalled();
    expect(await screen.findAllByText('Failed to create category')).toHaveLength(1);
    expect(screen.getByText('A category with this name or slug already exists.')).toBeTruthy();
    stop();
  });

  it('refuses an update of a row changed since it was loaded (D18) with the conflict warning', async () => {
    const published = vi.fn();
    const stop = onPublishRequest(published);
    // PostgREST answers an update filtered on a stale updated_at with no rows.
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(200, []));
    const { result } = renderHook(() => useReviewUpdateMutation(), { wrapper });
    await act(() =>
      result.current
        .mutateAsync({ id: 'r1', loadedAt: '2026-11-01T00:00:00Z', patch: { review_text: 'Edited' } })
        .catch(() => {}),
    );
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(await screen.findAllByText(CONFLICT_MESSAGE)).toHaveLength(1);
    expect(published).not.toHaveBeenCalled();
    stop();
  });
});

describe('the spec’s words for each failed read (#31)', () => {
  /** Reads once through the admin's query client, retries included, and returns the toasts it showed. */
  async function failedRead(read: (client: QueryClient) => Promise<void>) {
    const shown = vi.spyOn(toast, 'error');
    vi.useFakeTimers();
    try {
      const done = read(createQueryClient());
      // postgrest-js retries a request that got no answer (1, 2, 4 s), TanStack Query the whole read once.
      await vi.advanceTimersByTimeAsync(60_000);
      await done;
    } finally {
      vi.useRealTimers();
    }
    const titles = shown.mock.calls.map(([title]) => title);
    shown.mockRestore();
    return titles;
  }
  const PAGE = { id: 'p1', title: 'Monsoon retreats', slug: 'monsoon', updated_at: '2026-01-01T00:00:00Z' };

  it("names the versions: 'Failed to fetch versions', or 'An error occurred while fetching versions' without an answer", async () => {
    stubTables({ content_versions: { status: 500 } });
    expect(await failedRead((c) => c.prefetchQuery(versionsQueryOptions({ page_id: 'p1' })))).toEqual([
      'Failed to fetch versions',
    ]);
    vi.restoreAllMocks();
    stubTables({ content_versions: 'network' });
    expect(await failedRead((c) => c.prefetchQuery(versionsQueryOptions({ blog_post_id: 'b1' })))).toEqual([
      'An error occurred while fetching versions',
    ]);
  });

  it("names the blocks of a page or post that loaded: 'Failed to fetch content blocks', or 'An error occurred while fetching blocks'", async () => {
    stubTables({ pages: [PAGE], sections: [], content_blocks: { status: 500 } });
    expect(await failedRead((c) => c.prefetchQuery(pageQueryOptions('p1')))).toEqual([
      'Failed to fetch content blocks',
    ]);
    vi.restoreAllMocks();
    stubTables({ blog_posts: [PAGE], sections: [], content_blocks: 'network' });
    expect(await failedRead((c) => c.prefetchQuery(blogPostQueryOptions('p1')))).toEqual([
      'An error occurred while fetching blocks',
    ]);
    // The row itself unreadable: the row's words.
    vi.restoreAllMocks();
    stubTables({ pages: { status: 500 }, sections: [], content_blocks: { status: 500 } });
    expect(await failedRead((c) => c.prefetchQuery(pageQueryOptions('p1')))).toEqual(['Failed to fetch pages']);
  });

  it("names the favicon's read: 'Failed to fetch SEO data'; the Global SEO settings keep 'Failed to fetch SEO settings'", async () => {
    stubTables({ seo_settings: { status: 500 } });
    expect(await failedRead((c) => c.prefetchQuery(faviconQueryOptions()))).toEqual(['Failed to fetch SEO data']);
    expect(await failedRead((c) => c.prefetchQuery(seoSettingsQueryOptions()))).toEqual([
      'Failed to fetch SEO settings',
    ]);
  });
});
