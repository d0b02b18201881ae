/**
 * The Redirects tab's Not found list (#29, D28) as staff see it, with the network answered by a stub `fetch`: most
 * hit first with count and referrer host; a path a saved redirect answers, one the site serves and an ignored one
 * left out; probes as one line; 'Create redirect' handing the path and the suggested target to the form, which fills
 * itself; 'Ignore' writing only `ignored`.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from 'sonner';
import type { ReactNode } from 'react';
import { createQueryClient } from '../../src/admin/lib/query-client';
import { SiteContext } from '../../src/admin/lib/site';
import { liveAddresses } from '../../src/admin/lib/live-addresses';
import { NotFoundList } from '../../src/admin/features/redirects/NotFoundList';
import { RedirectForm } from '../../src/admin/features/redirects/RedirectForm';

const site = { origin: 'https://boudhamandala.example', host: 'boudhamandala.example' };
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function wrapper({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={createQueryClient()}>
      <SiteContext.Provider value={site}>
        <Toaster />
        {children}
      </SiteContext.Provider>
    </QueryClientProvider>
  );
}

const now = new Date().toISOString();
const row = (id: number, path: string, hits: number, extra: Record<string, unknown> = {}) => ({
  id,
  path,
  hits,
  first_seen: now,
  last_seen: now,
  referrer_host: null,
  ignored: false,
  ...extra,
});

const live = liveAddresses(
  [{ title: 'Monsoon', slug: 'monsoon', custom_url: null, is_published: true }],
  [{ title: 'Walking the Kora', slug: 'walking-the-kora-at-dawn', is_published: true, published_date: null }],
);
const redirects = [{ from_url: '/old-offers/', to_url: '/accommodation/', redirect_type: 301, is_active: true }];

afterEach(() => vi.restoreAllMocks());

describe('Not found list', () => {
  it('lists what still needs staff, most hit first, with probes as one line; Create redirect suggests a target', async () => {
    const patches: Array<{ url: string; body: string }> = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      if (!url.pathname.endsWith('/not_found_paths')) throw new Error(`no stub for ${url.pathname}`);
      if (init?.method === 'PATCH') {
        patches.push({ url: url.search, body: String(init.body) });
        return json(200, [{ id: 2 }]);
      }
      if (url.searchParams.get('path') === 'eq.(probes)') return json(200, [row(9, '(probes)', 7)]);
      return json(200, [
        row(1, '/blog/walking-the-kora/', 12, { referrer_host: 'www.google.com' }),
        row(2, '/acommodation/', 5),
        row(3, '/old-offers/', 4),
        row(4, '/monsoon/', 3),
        row(5, '/ignored-one/', 2, { ignored: true }),
      ]);
    });
    const onCreate = vi.fn();
    const user = userEvent.setup();
    render(<NotFoundList redirects={redirects} live={live} siteHost={site.host} onCreate={onCreate} />, { wrapper });

    const list = await screen.findByRole('list', { name: 'Missing pages' });
    const items = [...list.querySelectorAll('li')];
    expect(items.map((li) => li.getAttribute('data-path'))).toEqual(['/blog/walking-the-kora/', '/acommodation/']);
    expect(items[0].textContent).toContain('12 hits');
    expect(items[0].textContent).toContain('from www.google.com');
    expect(await screen.findByText('Probes: 7 hits')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Show ignored (1)' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Create redirect from /blog/walking-the-kora/' }));
    expect(onCreate).toHaveBeenCalledWith('/blog/walking-the-kora/', '/blog/walking-the-kora-at-dawn/');
    await user.click(screen.getByRole('button', { name: 'Create redirect from /acommodation/' }));
    expect(onCreate).toHaveBeenLastCalledWith('/acommodation/', '/accommodation/');

    await user.click(screen.getByRole('button', { name: 'Ignore /acommodation/' }));
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0].url).toContain('id=eq.2');
    expect(JSON.parse(patches[0].body)).toEqual({ ignored: true });
  });

  it('fills the redirect form with a prefill, focusing the target', async () => {
    const { rerender } = render(<RedirectForm active={[]} live={live} onAdd={vi.fn(async () => true)} />, { wrapper });
    rerender(
      <RedirectForm
        active={[]}
        live={live}
        onAdd={vi.fn(async () => true)}
        prefill={{ from_url: '/acommodation/', to_url: '/accommodation/', at: 1 }}
      />,
    );
    const to = screen.getByLabelText('To URL') as HTMLInputElement;
    await waitFor(() => expect(to.value).toBe('/accommodation/'));
    expect((screen.getByLabelText('From URL') as HTMLInputElement).value).toBe('/acommodation/');
    expect(document.activeElement).toBe(to);
  });
});
