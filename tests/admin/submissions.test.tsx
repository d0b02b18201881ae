/**
 * The Submissions tab as staff see it (D22), with the network answered by a stub `fetch`: whether each message was
 * emailed to staff, a reply link that stays one recipient, and the unread count the tab's label shows.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, renderHook, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createQueryClient } from '../../src/admin/lib/query-client';
import { useContactSubmissionsUnreadCountQuery } from '../../src/admin/data/contact-submissions/contact-submissions-unread-count-query';
import SubmissionsTab from '../../src/admin/features/submissions/SubmissionsTab';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>;
}

const message = (id: string, extra: Record<string, unknown>) => ({
  id,
  first_name: 'Pema',
  last_name: 'Sherpa',
  email: 'pema@mail.example',
  phone: null,
  subject: `Subject ${id}`,
  message: 'A room in March?',
  status: 'unread',
  created_at: '2026-11-24T08:30:00Z',
  updated_at: '2026-11-24T08:30:00Z',
  notified_at: null,
  notification_error: null,
  held_at: null,
  ...extra,
});

afterEach(() => vi.restoreAllMocks());

describe('Submissions', () => {
  it('shows whether staff were emailed about each message, and links replies with the address encoded', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) =>
      String(input).includes('/contact_submissions')
        ? json(200, [
            message('m1', { notified_at: '2026-11-24T08:30:05Z' }),
            message('m2', { notification_error: 'Resend answered 403: domain not verified' }),
            message('m3', { email: 'x%3Fcc%3Dother@mail.example' }),
            message('m4', { held_at: '2026-11-24T08:31:00Z' }),
          ])
        : json(200, []),
    );
    render(<SubmissionsTab />, { wrapper });
    expect(await screen.findByText(/^Emailed to staff/)).toBeTruthy();
    expect(screen.getByText('Email to staff failed')).toBeTruthy();
    expect(screen.getByText('Resend answered 403: domain not verified')).toBeTruthy();
    expect(screen.getByText('Not emailed to staff')).toBeTruthy();
    // #26: a message that came during a flood is kept, marked, and was not emailed.
    expect(screen.getByText('Held: not emailed to staff')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'x%3Fcc%3Dother@mail.example' }).getAttribute('href')).toBe(
      'mailto:x%253Fcc%253Dother@mail.example',
    );
  });

  it('counts unread messages with one HEAD request', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response(null, { status: 200, headers: { 'Content-Range': '*/3' } }));
    const { result } = renderHook(() => useContactSubmissionsUnreadCountQuery(), { wrapper });
    await waitFor(() => expect(result.current.data).toBe(3));
    const [url, init] = fetchSpy.mock.calls[0] as [string, RequestInit];
    expect(init.method).toBe('HEAD');
    expect(String(url)).toContain('status=eq.unread');
  });
});
