/**
 * Every change on record (#30) in the admin, against a stub `fetch`: the Activity tab's sentences, links, filters and
 * pages; Version History's comparison of two versions; and the Submissions tab's guest data: the retention setting,
 * the newsletter list as CSV, and deleting one guest's data after asking.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createQueryClient } from '../../src/admin/lib/query-client';
import ActivityTab from '../../src/admin/features/activity/ActivityTab';
import SubmissionsTab from '../../src/admin/features/submissions/SubmissionsTab';
import { VersionHistory } from '../../src/admin/components/body-editors/VersionHistory';
import { json } from './rest-stub';

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>;
}

afterEach(() => vi.restoreAllMocks());

const ANITA = '11111111-1111-4111-8111-111111111111';
const POST = '33333333-3333-4333-8333-333333333333';

interface Call {
  method: string;
  url: URL;
  body: unknown;
}

/** Answers each request by its path (`/rest/v1/<table>` or `/rest/v1/rpc/<fn>`) and records it. */
function stubApi(answer: (path: string, call: Call) => Response | undefined) {
  const calls: Call[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const call = { method: init?.method ?? 'GET', url, body };
    calls.push(call);
    const path = url.pathname.replace(/^\/rest\/v1\//, '');
    const response = answer(path, call);
    if (!response) throw new Error(`no stub for ${call.method} ${url.pathname}`);
    return response;
  });
  return calls;
}

const entry = (id: number, extra: Record<string, unknown>) => ({
  id,
  happened_at: '2026-11-27T08:00:00Z',
  actor_id: ANITA,
  actor_role: 'authenticated',
  row_id: POST,
  old_values: null,
  new_values: null,
  ...extra,
});

describe('the Activity tab', () => {
  it('says in words who changed what, links to the item, filters and pages', async () => {
    const calls = stubApi((path) => {
      if (path === 'activity_log')
        return new Response(
          JSON.stringify([
            entry(2, {
              table_name: 'contact_details',
              row_id: 'c1',
              action: 'update',
              old_values: { phone: '+977 1 4470000' },
              new_values: { phone: '+977 1 4000111' },
            }),
            entry(1, {
              table_name: 'blog_posts',
              action: 'update',
              old_values: { is_published: true },
              new_values: { is_published: false },
            }),
          ]),
          { status: 200, headers: { 'Content-Type': 'application/json', 'Content-Range': '0-49/120' } },
        );
      if (path === 'profiles') return json(200, [{ id: ANITA, username: 'anita', full_name: 'Anita' }]);
      if (path === 'blog_posts') return json(200, [{ id: POST, title: 'Walking the Kora at Dawn', slug: 'kora' }]);
      return undefined;
    });
    const user = userEvent.setup();
    render(<ActivityTab />, { wrapper });

    const list = await screen.findByRole('list', { name: 'Activity, newest first' });
    expect(
      await within(list).findByText('Anita changed the phone number from “+977 1 4470000” to “+977 1 4000111”'),
    ).toBeTruthy();
    expect(await within(list).findByText('Anita unpublished the post “Walking the Kora at Dawn”')).toBeTruthy();
    expect(within(list).getByRole('link', { name: 'Open the post' }).getAttribute('href')).toBe(`#blog/${POST}`);
    expect(within(list).getByRole('link', { name: 'Open Contact Info' }).getAttribute('href')).toBe('#contact');
    // The items the page names are looked up by id, once per table.
    const lookup = calls.find((c) => c.url.pathname.endsWith('/blog_posts'))!;
    expect(lookup.url.searchParams.get('id')).toBe(`in.(${POST})`);

    // 120 entries: three pages of 50, newest first.
    expect(screen.getByText('Page 1 of 3 · 120 entries')).toBeTruthy();
    const first = calls.find((c) => c.url.pathname.endsWith('/activity_log'))!;
    expect(first.url.searchParams.get('order')).toBe('happened_at.desc,id.desc');
    await user.click(screen.getByRole('button', { name: 'Older' }));
    await waitFor(() => expect(screen.getByText('Page 2 of 3 · 120 entries')).toBeTruthy());
    expect(calls.filter((c) => c.url.pathname.endsWith('/activity_log')).at(-1)!.url.search).toContain('offset=50');

    // Filters: person, table and days; back to the first page.
    await user.selectOptions(screen.getByLabelText('Person'), 'Anita');
    await user.selectOptions(screen.getByLabelText('What'), 'Contact details');
    await user.type(screen.getByLabelText('From'), '2026-11-01');
    await waitFor(() => {
      const last = calls.filter((c) => c.url.pathname.endsWith('/activity_log')).at(-1)!.url.searchParams;
      expect(last.get('actor_id')).toBe(`eq.${ANITA}`);
      expect(last.get('table_name')).toBe('eq.contact_details');
      expect(last.get('happened_at')).toBe(`gte.${new Date(2026, 10, 1).toISOString()}`);
    });
    expect(screen.getByText('Page 1 of 3 · 120 entries')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Person'), 'The server (publisher, functions, scripts)');
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.url.pathname.endsWith('/activity_log'))
          .at(-1)!
          .url.searchParams.get('actor_role'),
      ).toBe('eq.service_role'),
    );
  });
});

describe('Version History', () => {
  it('compares two versions: the changed line marked within, blocks added', async () => {
    const version = (id: string, at: string, content: string, blocks: unknown[] = []) => ({
      id,
      created_by: 'admin',
      created_at: at,
      version_data: { title: 'Kora', slug: 'kora', content, blocks, sections: [] },
    });
    stubApi((path) =>
      path === 'content_versions'
        ? json(200, [
            version('v2', '2026-11-27T09:00:00Z', 'Walk.\nThe wheels turn at sunrise.', [
              { block_type: 'quote', content: { text: 'Om mani padme hum' } },
            ]),
            version('v1', '2026-11-27T08:00:00Z', 'Walk.\nThe wheels turn at dawn.'),
          ])
        : undefined,
    );
    const user = userEvent.setup();
    render(<VersionHistory parent={{ blog_post_id: POST }} onRestore={() => {}} />, { wrapper });
    await user.click(await screen.findByRole('button', { name: 'Show changes' }));
    const dialog = await screen.findByRole('dialog', { name: /^Changes from .* to .*\(latest\)$/ });
    await waitFor(() => expect(dialog.querySelector('[data-line="removed"] del')?.textContent).toBe('dawn'));
    expect(dialog.querySelector('[data-line="added"] ins')?.textContent).toBe('sunrise');
    expect(within(dialog).getByText('Added')).toBeTruthy();
    expect(within(dialog).getByText('Quote block 1')).toBeTruthy();
    expect(within(dialog).getByText('Om mani padme hum')).toBeTruthy();
  });
});

describe('guest data in Submissions', () => {
  const subscriber = (email: string, created_at: string, unsubscribed_at: string | null = null) => ({
    id: email,
    email,
    source: 'blog',
    created_at,
    unsubscribed_at,
  });
  const message = {
    id: 'm1',
    first_name: 'Dawa',
    last_name: 'Lama',
    email: 'Dawa@Mail.example',
    phone: null,
    subject: 'A room in March?',
    message: 'Hello',
    status: 'unread',
    created_at: '2026-11-24T08:30:00Z',
    updated_at: '2026-11-24T08:30:00Z',
    notified_at: null,
    notification_error: null,
    held_at: null,
  };

  it('saves the retention setting, exports the list, and deletes one guest’s data after asking', async () => {
    const calls = stubApi((path, call) => {
      if (path === 'contact_submissions') return json(200, [message]);
      if (path === 'newsletter_subscribers')
        return json(200, [
          subscriber('dawa@mail.example', '2026-11-20T00:00:00Z'),
          subscriber('=cmd@mail.example', '2026-11-01T00:00:00Z'),
          subscriber('left@mail.example', '2026-10-01T00:00:00Z', '2026-11-01T00:00:00Z'),
        ]);
      if (path === 'retention_settings' && call.method === 'GET')
        return json(200, [{ id: 'r1', retention_months: 12, updated_at: '2026-11-27T00:00:00Z' }]);
      if (path === 'retention_settings') return json(200, [{ id: 'r1' }]);
      if (path === 'rpc/delete_guest_data') return json(200, { messages: 1, subscribers: 1 });
      return undefined;
    });
    const user = userEvent.setup();
    render(<SubmissionsTab />, { wrapper });

    // Retention: 6 months, saved against the row as loaded.
    const months = await screen.findByLabelText(/Keep guest data for \(months\)/);
    await waitFor(() => expect((months as HTMLInputElement).value).toBe('12'));
    await user.clear(months);
    await user.type(months, '6');
    await user.click(screen.getByRole('button', { name: 'Save Retention' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.body).toEqual({ retention_months: 6 });
    expect(patch.url.searchParams.get('updated_at')).toBe('eq.2026-11-27T00:00:00Z');
    // Out of bounds: refused before any request.
    await user.clear(months);
    await user.type(months, '500');
    await user.click(screen.getByRole('button', { name: 'Save Retention' }));
    expect(await screen.findByText('Enter a whole number of months from 1 to 120')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1);

    // The newsletter list as CSV: the subscribed addresses, a formula-looking one defused.
    let csv = '';
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      void (blob as Blob).text().then((t) => (csv = t));
      return 'blob:csv';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() =>
      expect(csv).toBe(
        'email,source,subscribed_at\r\n' +
          "'=cmd@mail.example,blog,2026-11-01T00:00:00Z\r\n" +
          'dawa@mail.example,blog,2026-11-20T00:00:00Z\r\n',
      ),
    );

    // One guest: found whatever the case, deleted only after the confirmation.
    await user.type(screen.getByLabelText('Guest’s email address'), ' DAWA@mail.example ');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    expect(await screen.findByText('Stored for DAWA@mail.example: 1 message and the newsletter address.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Delete everything about this guest' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Delete everything about this guest?' });
    expect(calls.some((c) => c.url.pathname.endsWith('/rpc/delete_guest_data'))).toBe(false);
    await user.click(within(ask).getByRole('button', { name: 'Delete everything' }));
    await waitFor(() => expect(calls.some((c) => c.url.pathname.endsWith('/rpc/delete_guest_data'))).toBe(true));
    expect(calls.find((c) => c.url.pathname.endsWith('/rpc/delete_guest_data'))!.body).toEqual({
      p_email: 'DAWA@mail.example',
    });

    await user.type(screen.getByLabelText('Guest’s email address'), 'nobody@mail.example');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    expect(await screen.findByText('Nothing is stored for nobody@mail.example.')).toBeTruthy();
  });
});
