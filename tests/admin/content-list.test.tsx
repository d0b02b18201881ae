/**
 * The Content List against a stub `fetch` (#31): View only for what guests can open. A draft or a scheduled post is
 * a 404 on the site, so it offers only its jump to the editor; a draft page in preview mode is built at its address
 * (D20), so it offers View, as the Pages list does.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createQueryClient } from '../../src/admin/lib/query-client';
import ContentListTab from '../../src/admin/features/content/ContentListTab';
import { contentItems } from '../../src/admin/features/content/content-list';
import { stubTables } from './rest-stub';

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>;
}

afterEach(() => vi.restoreAllMocks());

const DAY = 86_400_000;
const page = (title: string, slug: string, is_published: boolean, preview_mode = false) => ({
  id: slug,
  title,
  slug,
  custom_url: null,
  is_published,
  preview_mode,
  updated_at: '2026-01-02T00:00:00Z',
});
const post = (title: string, slug: string, is_published: boolean, published_date: string | null) => ({
  id: slug,
  title,
  slug,
  is_published,
  published_date,
  updated_at: '2026-01-02T00:00:00Z',
  category: null,
  author_name: null,
});

const PAGES = [
  page('Monsoon retreats', 'monsoon', true),
  page('Winter offers', 'winter', false),
  page('Spring preview', 'spring', false, true),
];
const POSTS = [
  post('Walking the kora', 'kora', true, new Date(Date.now() - DAY).toISOString()),
  post('Undated and live', 'undated', true, null),
  post('Butter lamps draft', 'lamps', false, null),
  post('Losar next month', 'losar', true, new Date(Date.now() + 30 * DAY).toISOString()),
];

describe('the Content List’s View', () => {
  it('is offered for live items only: built-in pages, published or preview pages, live posts', async () => {
    stubTables({ pages: PAGES, blog_posts: POSTS });
    render(<ContentListTab />, { wrapper });
    const row = async (title: string) => (await screen.findByText(title)).closest('li') as HTMLElement;
    const view = async (title: string) => within(await row(title)).queryByRole('link', { name: 'View' });

    for (const [title, href] of [
      ['About Us', '/about/'],
      ['Monsoon retreats', '/monsoon/'],
      ['Spring preview', '/spring/'],
      ['Walking the kora', '/blog/kora/'],
      ['Undated and live', '/blog/undated/'],
    ])
      expect((await view(title))?.getAttribute('href'), title).toBe(href);
    for (const title of ['Winter offers', 'Butter lamps draft', 'Losar next month']) {
      expect(await view(title), title).toBeNull();
      // Still reachable in its editor.
      expect(within(await row(title)).getByRole('link', { name: /^Go to / })).toBeTruthy();
    }
  });

  it('is decided by the same rule as the post status (D12)', () => {
    const items = contentItems(PAGES, POSTS);
    const viewable = Object.fromEntries(items.filter((i) => i.kind !== 'static').map((i) => [i.slug, i.viewable]));
    expect(viewable).toEqual({
      monsoon: true,
      winter: false,
      spring: true,
      kora: true,
      undated: true,
      lamps: false,
      losar: false,
    });
  });
});
