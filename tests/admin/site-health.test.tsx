/**
 * Site health (#29, D28) as staff see it, with the network answered by a stub `fetch`: the live build's SEO report
 * with its counts by kind, each finding with a link to fix it in the admin and one to the live page, what changed
 * since the previous build and a filter by kind; a live build whose report is not stored yet; and the status bar's
 * '3 SEO problems' for the live build, a link to the tab.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createQueryClient } from '../../src/admin/lib/query-client';
import { SiteContext } from '../../src/admin/lib/site';
import { PublishProvider } from '../../src/admin/lib/publish';
import SiteHealthTab from '../../src/admin/features/site-health/SiteHealthTab';
import PublishStatus from '../../src/admin/components/PublishStatus';
import { json } from './rest-stub';

const site = { origin: 'https://boudhamandala.example', host: 'boudhamandala.example' };

function wrapper({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={createQueryClient()}>
      <SiteContext.Provider value={site}>
        <PublishProvider>{children}</PublishProvider>
      </SiteContext.Provider>
    </QueryClientProvider>
  );
}

const finding = (kind: string, path: string, detail: string, target?: string) => ({
  kind,
  path,
  detail,
  ...(target ? { target } : {}),
});
const seoReport = (findings: ReturnType<typeof finding>[]) => {
  const counts: Record<string, number> = {};
  for (const f of findings) counts[f.kind] = (counts[f.kind] ?? 0) + 1;
  return { version: 1, pages: 9, total: findings.length, counts, findings, truncated: false, duration_ms: 40 };
};

const LIVE = seoReport([
  finding('title-long', '/about/', 'The title is 64 characters (at most 60 show in search results).'),
  finding('img-alt-missing', '/blog/walking-the-kora-at-dawn/', 'An image has no alt text: /a.jpg.', '/a.jpg'),
  finding('redirect-chain', '/older', 'The redirect takes 2 steps: /older → /old → /about/.', '/old'),
]);
const PREVIOUS = seoReport([
  finding('title-long', '/about/', 'The title is 64 characters (at most 60 show in search results).'),
  finding('redirect-chain', '/older', 'The redirect takes 2 steps: /older → /old → /about/.', '/old'),
  finding('h1-missing', '/monsoon/', 'The page has no <h1> heading.'),
]);

/** Answers the builds, pages and posts reads; `builds` gives the live row and the previous one. */
function stub(builds: { live: unknown; previous?: unknown; latest?: unknown }) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const table = /\/rest\/v1\/([^/?]+)/.exec(url.pathname)?.[1];
    if (table === 'site_builds') {
      if (url.searchParams.get('select')?.includes('seo_total')) return json(200, builds.latest ? [builds.latest] : []);
      if (url.searchParams.get('seo_report') === 'not.is.null')
        return json(200, builds.previous ? [builds.previous] : []);
      return json(200, builds.live ? [builds.live] : []);
    }
    if (table === 'pages') return json(200, [{ id: 'p1', title: 'About', slug: 'about-us', custom_url: '/about/' }]);
    if (table === 'blog_posts') return json(200, [{ id: 'b1', title: 'Kora', slug: 'walking-the-kora-at-dawn' }]);
    throw new Error(`no stub for ${url.pathname}`);
  });
}

afterEach(() => vi.restoreAllMocks());

const row = (id: number, report: unknown) => ({
  id,
  finished_at: new Date(Date.now() - 120_000).toISOString(),
  page_count: 9,
  seo_report: report,
});

describe('Site health', () => {
  it('shows the live build’s problems by kind, each with where to fix it and the live page, and what changed', async () => {
    stub({ live: row(7, LIVE), previous: row(5, PREVIOUS) });
    const user = userEvent.setup();
    render(<SiteHealthTab />, { wrapper });

    expect(await screen.findByText('3 SEO problems')).toBeTruthy();
    expect(screen.getByText(/in 9 pages of the live build, published 2 minutes ago\./)).toBeTruthy();
    expect(screen.getByTestId('seo-changes').textContent).toBe(' 1 new problem, 1 fixed since the previous build.');
    const kinds = screen.getByRole('list', { name: 'Problems by kind' });
    expect([...kinds.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Title over 60 characters: 1',
      'Image without alt text: 1',
      'Redirect chain: 1',
    ]);
    const fixed = screen.getByRole('list', { name: 'Fixed since the previous build' });
    expect(fixed.textContent).toBe('No main heading (h1): /monsoon/');

    const problems = screen.getByRole('list', { name: 'SEO problems' });
    const items = within(problems).getAllByRole('listitem');
    expect(items.map((li) => li.getAttribute('data-path'))).toEqual([
      '/about/',
      '/blog/walking-the-kora-at-dawn/',
      '/older',
    ]);
    // Only the image is new since the previous build.
    expect(items.map((li) => within(li).queryByText('New') !== null)).toEqual([false, true, false]);
    // Where to fix each: the stored page, the post, the Redirects tab; and each live page.
    const edit = await within(items[1]).findByRole('link', { name: /Edit post/ });
    expect(edit.getAttribute('href')).toBe('#blog/b1');
    expect(
      within(items[0])
        .getByRole('link', { name: /Edit page/ })
        .getAttribute('href'),
    ).toBe('#pages/p1');
    expect(
      within(items[2])
        .getByRole('link', { name: /Redirects/ })
        .getAttribute('href'),
    ).toBe('#redirects');
    const view = within(items[1]).getByRole('link', { name: /View live page/ });
    expect(view.getAttribute('href')).toBe('https://boudhamandala.example/blog/walking-the-kora-at-dawn/');
    expect(view.getAttribute('target')).toBe('_blank');

    await user.selectOptions(screen.getByLabelText('Show'), 'Redirect chain');
    expect(
      within(problems)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('data-kind')),
    ).toEqual(['redirect-chain']);
  });

  it('says when the live build has no problem, or no report yet, or nothing is live', async () => {
    stub({ live: row(8, seoReport([])), previous: row(7, LIVE) });
    const { unmount } = render(<SiteHealthTab />, { wrapper });
    expect(await screen.findByText('No SEO problems')).toBeTruthy();
    expect(screen.getByTestId('seo-changes').textContent).toBe(' 0 new problems, 3 fixed since the previous build.');
    expect(screen.queryByRole('list', { name: 'SEO problems' })).toBeNull();
    unmount();
    vi.restoreAllMocks();

    stub({ live: row(9, null) });
    const second = render(<SiteHealthTab />, { wrapper });
    expect(await screen.findByText(/The live build has no report yet/)).toBeTruthy();
    second.unmount();
    vi.restoreAllMocks();

    stub({ live: null });
    render(<SiteHealthTab />, { wrapper });
    expect(await screen.findByText('No build is live yet.')).toBeTruthy();
  });
});

describe('the status bar', () => {
  const latest = (status: string, seo_total: number | null) => ({
    id: 7,
    status,
    trigger: 'admin',
    requested_at: new Date().toISOString(),
    started_at: new Date().toISOString(),
    finished_at: new Date().toISOString(),
    duration_ms: 4200,
    page_count: 9,
    pages_rendered: 2,
    pages_reused: 7,
    error: null,
    seo_total,
  });

  it('says how many SEO problems the live build has, as a link to Site health', async () => {
    stub({ live: null, latest: latest('succeeded', 3) });
    render(<PublishStatus />, { wrapper });
    const link = await screen.findByRole('link', { name: '3 SEO problems' });
    expect(link.getAttribute('href')).toBe('#health');
    expect(link.closest('p')?.textContent).toMatch(
      /^Live: published .* \(built in 4\.2 s, 9 pages: 2 rendered, 7 reused\)\. 3 SEO problems$/,
    );
  });

  it('says nothing of SEO without problems, without a report, or while a build runs', async () => {
    for (const build of [latest('succeeded', 0), latest('succeeded', null), latest('building', 3)]) {
      stub({ live: null, latest: build });
      const { unmount } = render(<PublishStatus />, { wrapper });
      await screen.findByText(/Live: published|Publishing/);
      expect(screen.queryByText(/SEO problem/)).toBeNull();
      unmount();
      vi.restoreAllMocks();
    }
  });
});
