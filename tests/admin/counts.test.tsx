/**
 * Counts as staff read them (#31): '1 item', '1 block', '1 section', '1 page', never '1 items'. The Content List and
 * the Version History run against a stub `fetch`; the helper and the count lines are checked directly.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createQueryClient } from '../../src/admin/lib/query-client';
import { countOf } from '../../src/admin/lib/plural';
import { pagesText } from '../../src/admin/components/PublishStatus';
import { pagesTotal } from '../../src/admin/features/pages/PagesTab';
import ContentListTab from '../../src/admin/features/content/ContentListTab';
import { VersionHistory } from '../../src/admin/components/body-editors/VersionHistory';
import { stubTables } from './rest-stub';

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>;
}

afterEach(() => vi.restoreAllMocks());

const post = (title: string, slug: string) => ({
  id: slug,
  title,
  slug,
  is_published: true,
  published_date: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-02T00:00:00Z',
  category: null,
  author_name: null,
});

describe('counts', () => {
  it('say one thing in the singular and any other number in the plural', () => {
    expect(countOf(1, 'item')).toBe('1 item');
    expect(countOf(0, 'item')).toBe('0 items');
    expect(countOf(2, 'section')).toBe('2 sections');
    expect(countOf(1, 'entry', 'entries')).toBe('1 entry');
    expect(pagesText({ page_count: 1, pages_rendered: null, pages_reused: null })).toBe('1 page');
    expect(pagesText({ page_count: 1, pages_rendered: 1, pages_reused: 0 })).toBe('1 page: 1 rendered, 0 reused');
    expect(pagesTotal(1, 0)).toBe('1 page total (1 static, 0 dynamic)');
  });

  it("the Content List counts what it shows: '1 item' for one, '2 items' for two", async () => {
    stubTables({
      pages: [],
      blog_posts: [post('Losar at the stupa', 'losar'), post('Saga Dawa', 'saga-dawa')],
    });
    const user = userEvent.setup();
    render(<ContentListTab />, { wrapper });
    const search = await screen.findByLabelText('Search content');
    await user.type(search, 'losar');
    expect(await screen.findByText('1 item')).toBeTruthy();
    await user.clear(search);
    await user.type(search, 'saga');
    expect(await screen.findByText('1 item')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Blog Posts' }));
    await user.clear(search);
    expect(await screen.findByText('2 items')).toBeTruthy();
  });

  it("the Version History counts each version's blocks and sections: '1 block · 1 section'", async () => {
    const version = (id: string, blocks: number, sections: number) => ({
      id,
      created_by: 'admin',
      created_at: `2026-01-0${id}T10:00:00Z`,
      version_data: {
        blocks: Array.from({ length: blocks }, (_, i) => ({ block_type: 'text', content: { text: `${i}` } })),
        sections: Array.from({ length: sections }, (_, i) => ({ section_name: `S${i}`, section_content: {} })),
      },
    });
    stubTables({ content_versions: [version('2', 1, 1), version('1', 2, 0)] });
    render(<VersionHistory parent={{ page_id: 'p1' }} onRestore={() => {}} />, { wrapper });
    expect(await screen.findByText(/by admin · 1 block · 1 section$/)).toBeTruthy();
    expect(screen.getByText(/by admin · 2 blocks · 0 sections$/)).toBeTruthy();
  });
});
