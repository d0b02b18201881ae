/** The Submissions tab's helpers: a reply link that stays one recipient, whether staff were emailed, and guest data (#30). */
import { describe, expect, it } from 'vitest';
import {
  csvField,
  guestRecords,
  mailtoHref,
  notificationOf,
  subscribersCsv,
} from '../../src/admin/features/submissions/submissions.utils';

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

  it.each([
    ['pema@mail.example', 'pema@mail.example'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=1+1@mail.example', "'=1+1@mail.example"],
    ['+977@mail.example', "'+977@mail.example"],
    ['-x@mail.example', "'-x@mail.example"],
    ['@home', "'@home"],
  ])('writes %j as the CSV field %s (#30)', (value, field) => {
    expect(csvField(value)).toBe(field);
  });

  it('exports the addresses still subscribed, oldest first (#30)', () => {
    const row = (email: string, created_at: string, unsubscribed_at: string | null = null) => ({
      email,
      source: 'blog',
      created_at,
      unsubscribed_at,
    });
    expect(
      subscribersCsv([
        row('b@mail.example', '2026-11-02T00:00:00Z'),
        row('gone@mail.example', '2026-10-01T00:00:00Z', '2026-11-01T00:00:00Z'),
        row('a@mail.example', '2026-11-01T00:00:00Z'),
      ]),
    ).toBe(
      'email,source,subscribed_at\r\na@mail.example,blog,2026-11-01T00:00:00Z\r\nb@mail.example,blog,2026-11-02T00:00:00Z\r\n',
    );
    expect(subscribersCsv([])).toBe('email,source,subscribed_at\r\n');
  });

  it('finds one guest’s records as the database matches them: trimmed, any case (#30)', () => {
    const messages = [{ email: 'Dawa@Mail.example' }, { email: 'other@mail.example' }];
    const subscribers = [{ email: 'dawa@mail.example' }];
    expect(guestRecords('  DAWA@mail.example ', messages, subscribers)).toEqual({
      messages: [{ email: 'Dawa@Mail.example' }],
      subscribers: [{ email: 'dawa@mail.example' }],
    });
    expect(guestRecords('   ', messages, subscribers)).toEqual({ messages: [], subscribers: [] });
  });
});
