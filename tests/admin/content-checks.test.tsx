/**
 * The live SEO checks under the post and page editors' text (#29; editor-shell/ContentChecks.tsx): they follow the
 * form's markdown as it is typed, and judge links against the live addresses and the active redirects once those are
 * loaded. The network is a stub `fetch`.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { FormProvider, useForm } from 'react-hook-form';
import { createQueryClient } from '../../src/admin/lib/query-client';
import { SiteContext } from '../../src/admin/lib/site';
import { ContentChecks } from '../../src/admin/components/editor-shell/ContentChecks';
import { stubTables } from './rest-stub';

const site = { origin: 'https://boudhamandala.example', host: 'boudhamandala.example' };

function Editor({ content }: { content: string }) {
  const form = useForm({ defaultValues: { content } });
  return (
    <FormProvider {...form}>
      <label>
        Content
        <textarea {...form.register('content')} />
      </label>
      <ContentChecks />
    </FormProvider>
  );
}

const renderEditor = (content: string) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SiteContext.Provider value={site}>
        <Editor content={content} />
      </SiteContext.Provider>
    </QueryClientProvider>,
  );

afterEach(() => vi.restoreAllMocks());

describe('the live checks of the text being edited', () => {
  it('name missing alt text, a level-1 heading and links nothing answers, as the text is typed', async () => {
    stubTables({
      pages: [{ id: 'p1', title: 'Monsoon', slug: 'monsoon', custom_url: null, is_published: true }],
      blog_posts: [{ id: 'b1', title: 'Kora', slug: 'kora', is_published: true, published_date: null }],
      seo_redirects: [{ from_url: '/old-rooms', to_url: '/accommodation/', redirect_type: 301, is_active: true }],
    });
    const user = userEvent.setup();
    renderEditor('# Our story\n\n![](/images/a.jpg) [rooms](/old-rooms/) [monsoon](/monsoon/) [lost](/lost/)');
    const checks = await screen.findByTestId('content-checks');
    await waitFor(() =>
      expect([...checks.querySelectorAll('li')].map((li) => li.getAttribute('data-check'))).toEqual([
        'h1-in-body',
        'img-alt-missing',
        'broken-link',
      ]),
    );
    expect(checks.textContent).toContain('The link to /lost/ leads to no live page of this site');

    const text = screen.getByLabelText('Content');
    await user.clear(text);
    await user.type(text, '## Our story');
    await waitFor(() => expect(screen.queryByTestId('content-checks')).toBeNull());
  });
});
