/** The Submissions tab's helpers: a reply link that stays one recipient, and whether staff were emailed. */
import { describe, expect, it } from 'vitest';
import { mailtoHref, notificationOf } from '../../src/admin/features/submissions/submissions.utils';

describe('Submissions', () => {
  it.each([
    ['pema@mail.example', 'mailto:pema@mail.example'],
    ['x?cc=other@mail.example', 'mailto:x%3Fcc%3Dother@mail.example'],
    ['a&b@mail.example', 'mailto:a%26b@mail.example'],
    ['x%3Fcc%3Dother@mail.example', 'mailto:x%253Fcc%253Dother@mail.example'],
    ['o#x@mail.example', 'mailto:o%23x@mail.example'],
  ])('links %s as one recipient: %s', (email, href) => {
    expect(mailtoHref(email)).toBe(href);
    expect(new URL(href).search).toBe('');
    expect(new URL(href).hash).toBe('');
  });

  it('tells whether the email to staff went out', () => {
    expect(notificationOf({ notified_at: '2026-11-24T08:30:00Z', notification_error: null })).toEqual({
      state: 'sent',
      at: '2026-11-24T08:30:00Z',
    });
    expect(notificationOf({ notified_at: null, notification_error: 'Resend answered 403' })).toEqual({
      state: 'failed',
      error: 'Resend answered 403',
    });
    expect(notificationOf({ notified_at: null, notification_error: null })).toEqual({ state: 'none' });
    expect(notificationOf({ notified_at: null, notification_error: null, held_at: '2026-11-24T08:31:00Z' })).toEqual({
      state: 'held',
    });
  });
});
