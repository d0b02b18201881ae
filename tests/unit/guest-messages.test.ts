/**
 * The guest-message functions' own rules (supabase/functions/_shared/guest-messages.js), where no database is
 * needed: what a request must look like, the bounds of D18, the answers to `fetch` and to a plain form post, the
 * client IP in production and locally, the staff email and its local .eml file. The database side (rate limits,
 * rows, notifications) is tests/integration/guest-messages.test.ts.
 */
import { describe, expect, it, vi } from 'vitest';
import {
  BODY_LIMIT,
  GUEST_MESSAGES,
  clientIpFromHeaders,
  composeNotification,
  handleGuestMessage,
  keyedHash,
  rateLimitAddress,
  resendMailer,
  validateContact,
  validateSubscription,
  type GuestDeps,
} from '../../supabase/functions/_shared/guest-messages.js';
import { localClientIp } from '@boudha/local-supabase/guest-functions';
import { encodeHeader, quotedPrintable, toEml } from '@boudha/local-supabase/outbox';

const message = {
  first_name: 'Tenzin',
  last_name: 'Norbu',
  email: 'tenzin@mail.example',
  phone: '',
  subject: 'A room in March',
  message: 'Could you hold a stupa-view room for us?',
};

/** Dependencies whose database must never be reached: every case here is answered before it. */
const untouched = (): GuestDeps => ({
  db: new Proxy(
    {},
    {
      get() {
        throw new Error('the database was reached');
      },
    },
  ),
  hashSecret: 'secret',
  clientIp: () => '203.0.113.7',
});

const post = (body: BodyInit, headers: Record<string, string>) =>
  new Request('http://functions.test/contact', { method: 'POST', body, headers });
const formPost = (fields: Record<string, string>, origin = 'https://hotel.example') =>
  post(new URLSearchParams(fields), {
    'content-type': 'application/x-www-form-urlencoded',
    accept: 'text/html',
    origin,
  });

describe('the bounds of D18 in the contact function', () => {
  it('accepts a message at every bound, trimmed, an empty phone stored as null', () => {
    const atBounds = {
      first_name: ' ' + 'F'.repeat(100) + ' ',
      last_name: 'L'.repeat(100),
      email: `${'a'.repeat(254 - '@mail.example'.length)}@mail.example`,
      phone: '+'.padEnd(40, '9'),
      subject: 'S'.repeat(200),
      message: 'ཨོཾ་'.repeat(1250),
    };
    const checked = validateContact(atBounds);
    expect(checked.ok).toBe(true);
    if (checked.ok) {
      expect(checked.row.first_name).toBe('F'.repeat(100));
      expect([...checked.row.message]).toHaveLength(5000);
    }
    const noPhone = validateContact(message);
    expect(noPhone.ok && noPhone.row.phone).toBeNull();
  });

  it.each([
    ['first_name', { first_name: 'F'.repeat(101) }],
    ['first_name', { first_name: '   ' }],
    ['last_name', { last_name: undefined }],
    ['email', { email: 'no-at-sign' }],
    ['email', { email: 'a@b' }],
    ['email', { email: 'a b@mail.example' }],
    ['email', { email: 'x?cc=other@mail.example' }],
    ['email', { email: 'x&y@mail.example' }],
    ['email', { email: `${'a'.repeat(255 - '@mail.example'.length)}@mail.example` }],
    ['phone', { phone: '1'.repeat(41) }],
    ['subject', { subject: 'S'.repeat(201) }],
    ['message', { message: 'M'.repeat(5001) }],
    ['message', { message: { rows: 1000 } }],
  ])('names %s as the field to fix', (field, change) => {
    expect(validateContact({ ...message, ...change })).toEqual({ ok: false, field });
  });

  it('stores newsletter addresses trimmed and lower-cased, and refuses unsafe ones', () => {
    expect(validateSubscription({ email: '  Guest@Mail.Example ' })).toEqual({ ok: true, email: 'guest@mail.example' });
    for (const email of ['', 'a?b@mail.example', 'a&b@mail.example', 'nope', 42]) {
      expect(validateSubscription({ email })).toEqual({ ok: false, field: 'email' });
    }
  });
});

describe('what the functions answer before the database', () => {
  it('refuses anything but POST, and answers the CORS preflight', async () => {
    const get = await handleGuestMessage('contact', new Request('http://f.test/contact'), untouched());
    expect(get.status).toBe(405);
    const preflight = await handleGuestMessage(
      'contact',
      new Request('http://f.test/contact', { method: 'OPTIONS' }),
      untouched(),
    );
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('takes one message per request: an array is 400, a body over the limit 413, another type 415', async () => {
    const json = { 'content-type': 'application/json', accept: 'application/json' };
    const rows = Array.from({ length: 1000 }, () => message);
    expect((await handleGuestMessage('contact', post(JSON.stringify(rows), json), untouched())).status).toBe(413);
    expect(
      (await handleGuestMessage('contact', post(JSON.stringify(rows.slice(0, 2)), json), untouched())).status,
    ).toBe(400);
    const large = JSON.stringify({ ...message, message: 'x'.repeat(BODY_LIMIT) });
    expect((await handleGuestMessage('contact', post(large, json), untouched())).status).toBe(413);
    const text = await handleGuestMessage('contact', post('hello', { 'content-type': 'text/plain' }), untouched());
    expect(text.status).toBe(415);
    const broken = await handleGuestMessage('contact', post('{"first_name":', json), untouched());
    expect(await broken.json()).toMatchObject({ ok: false, error: 'bad_request' });
  });

  it('thanks a bot that fills the honeypot and stores nothing (the database is never asked)', async () => {
    const res = await handleGuestMessage(
      'contact',
      formPost({ ...message, website: 'http://spam.example' }),
      untouched(),
    );
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('https://hotel.example/thank-you/');
    const json = await handleGuestMessage(
      'subscribe',
      post(JSON.stringify({ email: 'bot@spam.example', website: 'x' }), { 'content-type': 'application/json' }),
      untouched(),
    );
    expect(await json.json()).toEqual({ ok: true, message: GUEST_MESSAGES.subscribe.sent });
  });

  it('sends a plain form post back to its form with the error code, never with what was typed', async () => {
    const res = await handleGuestMessage(
      'contact',
      formPost({ ...message, email: 'secret?cc=x@mail.example', return_to: '/contact/' }),
      untouched(),
    );
    expect(res.status).toBe(303);
    const location = res.headers.get('location')!;
    expect(location).toBe('https://hotel.example/contact/?error=invalid&field=email#contact-error-email');
    for (const typed of ['secret', 'Tenzin', 'March']) expect(location).not.toContain(typed);
  });

  it('comes back only to a path of the site, whatever return_to says', async () => {
    for (const returnTo of ['//evil.example/', 'https://evil.example/', '/blog/../..', 'javascript:alert(1)']) {
      const res = await handleGuestMessage('subscribe', formPost({ email: 'bad', return_to: returnTo }), untouched());
      expect(res.headers.get('location')).toBe(
        'https://hotel.example/blog/?error=invalid&field=email#newsletter-error-email',
      );
    }
    const paged = await handleGuestMessage(
      'subscribe',
      formPost({ email: 'bad', return_to: '/blog/page/2/' }),
      untouched(),
    );
    expect(paged.headers.get('location')).toMatch(/^https:\/\/hotel\.example\/blog\/page\/2\/\?error=invalid/);
    const site = await handleGuestMessage('subscribe', formPost({ email: 'bad' }, 'null'), {
      ...untouched(),
      siteUrl: 'https://www.hotel.example/',
    });
    expect(site.headers.get('location')).toMatch(/^https:\/\/www\.hotel\.example\/blog\/\?error=/);
  });

  it('answers JSON to fetch, naming the field and saying what to fix', async () => {
    const res = await handleGuestMessage(
      'contact',
      post(new URLSearchParams({ ...message, subject: ' ' }), { accept: 'application/json' }),
      untouched(),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      ok: false,
      error: 'invalid',
      field: 'subject',
      message: GUEST_MESSAGES.contact.subject,
    });
  });
});

describe('the client IP', () => {
  const req = (headers: Record<string, string>) => new Request('http://f.test/', { headers });

  it('in production: cf-connecting-ip (set by Cloudflare), else x-real-ip (set by a gateway), never X-Forwarded-For', () => {
    expect(clientIpFromHeaders(req({ 'cf-connecting-ip': '198.51.100.4', 'x-forwarded-for': '1.1.1.1' }))).toBe(
      '198.51.100.4',
    );
    expect(clientIpFromHeaders(req({ 'x-real-ip': '198.51.100.5', 'x-forwarded-for': '1.1.1.1' }))).toBe(
      '198.51.100.5',
    );
    expect(clientIpFromHeaders(req({ 'cf-connecting-ip': '198.51.100.4', 'x-real-ip': '10.0.0.1' }))).toBe(
      '198.51.100.4',
    );
    // What a client alone can write is never the address.
    expect(clientIpFromHeaders(req({ 'x-forwarded-for': '198.51.100.4, 10.0.0.1' }))).toBe('');
    expect(clientIpFromHeaders(req({ 'x-real-ip': '1.1.1.1, 2.2.2.2' }))).toBe('');
    expect(clientIpFromHeaders(req({}))).toBe('');
  });

  it('locally: the socket, or the last X-Forwarded-For hop only behind a trusted proxy', () => {
    expect(localClientIp('::ffff:127.0.0.1', '6.6.6.6', false)).toBe('127.0.0.1');
    expect(localClientIp('127.0.0.1', '6.6.6.6, 198.51.100.4', true)).toBe('198.51.100.4');
    expect(localClientIp('127.0.0.1', undefined, true)).toBe('127.0.0.1');
  });

  it('is stored only as a keyed hash', async () => {
    const a = await keyedHash('k1', 'ip:203.0.113.7');
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(await keyedHash('k1', 'ip:203.0.113.7')).toBe(a);
    expect(await keyedHash('k2', 'ip:203.0.113.7')).not.toBe(a);
  });
});

describe('the email to staff', () => {
  const row = {
    id: '8c7a3c2e-0000-4000-8000-000000000001',
    created_at: '2026-11-24T08:30:00Z',
    ...message,
    phone: null,
    subject: 'Room\r\nBcc: everyone@mail.example',
  };

  it('goes to the hotel, replies to the guest, and keeps the guest’s text out of the headers’ structure', () => {
    const email = composeNotification(row, { email: 'stay@hotel.example', hotel_name: 'Boudha Mandala Hotel' });
    expect(email).toMatchObject({
      to: 'stay@hotel.example',
      replyTo: 'tenzin@mail.example',
      subject: 'New message from Tenzin Norbu: Room Bcc: everyone@mail.example',
      idempotencyKey: `contact-submission-${row.id}`,
    });
    expect(email.text).toContain('Could you hold a stupa-view room for us?');
    expect(email.text).toContain('Phone:   (not given)');
  });

  it('is sent through Resend with the key, a sender, the guest as reply-to and an idempotency key', async () => {
    const fetchImpl = vi.fn(async () => Response.json({ id: 'e1' }));
    const email = composeNotification(row, { email: 'stay@hotel.example' }, 'https://hotel.example');
    await resendMailer({ apiKey: 're_test', from: 'Website <web@hotel.example>', fetch: fetchImpl })(email);
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('https://api.resend.com/emails');
    expect(init.headers).toMatchObject({ Authorization: 'Bearer re_test', 'Idempotency-Key': email.idempotencyKey });
    expect(JSON.parse(String(init.body))).toEqual({
      from: 'Website <web@hotel.example>',
      to: ['stay@hotel.example'],
      reply_to: 'tenzin@mail.example',
      subject: email.subject,
      text: email.text,
    });
    expect(email.text).toContain('https://hotel.example/admin/#submissions');

    const refused = vi.fn(async () => Response.json({ message: 'domain not verified' }, { status: 403 }));
    await expect(resendMailer({ apiKey: 'k', from: 'f@hotel.example', fetch: refused })(email)).rejects.toThrow(
      /Resend answered 403: .*domain not verified/,
    );
    await expect(resendMailer({ from: 'f@hotel.example', fetch: refused })(email)).rejects.toThrow('RESEND_API_KEY');
  });

  it('is written locally as an .eml file any mail client opens', () => {
    const email = composeNotification(
      { ...row, first_name: 'Pema', subject: 'Chambre à Boudha 🙏' },
      {
        email: 'stay@hotel.example',
      },
    );
    const eml = toEml(email, { date: new Date('2026-11-24T08:30:00Z'), messageId: '<m1@localhost>' });
    const [head, body] = eml.split('\r\n\r\n');
    expect(head.split('\r\n').filter((l) => !l.startsWith(' '))).toEqual([
      'From: Hotel website <website@localhost>',
      'To: stay@hotel.example',
      'Reply-To: tenzin@mail.example',
      expect.stringMatching(/^Subject: =\?UTF-8\?B\?/),
      'Date: Tue, 24 Nov 2026 08:30:00 GMT',
      'Message-ID: <m1@localhost>',
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: quoted-printable',
    ]);
    const subject = head.slice(head.indexOf('Subject: ') + 9).split('\r\nDate:')[0];
    const decoded = subject
      .split('\r\n ')
      .map((w) => Buffer.from(w.slice(10, -2), 'base64').toString('utf8'))
      .join('');
    expect(decoded).toBe('New message from Pema Norbu: Chambre à Boudha 🙏');
    for (const line of body.split('\r\n')) expect(line.length).toBeLessThanOrEqual(76);
  });

  it('encodes headers and text safely', () => {
    expect(encodeHeader('Plain subject')).toBe('Plain subject');
    expect(encodeHeader('a\r\nBcc: x@y.example')).toBe('a Bcc: x@y.example');
    expect(quotedPrintable('é = é ')).toBe('=C3=A9 =3D =C3=A9=20');
    expect(quotedPrintable('x'.repeat(100)).split('\r\n')[0]).toBe(`${'x'.repeat(75)}=`);
  });
});

describe('single-line fields and the per-IP key (#26)', () => {
  it('takes the line breaks out of every field but the message, before it is stored or emailed', () => {
    const checked = validateContact({
      ...message,
      phone: '+977 1\r\nBcc: victim@mail.example',
      subject: 'Room\nX-Header: y',
      first_name: 'Pema\u2028Dorje',
      message: 'Line one\nLine two',
    });
    expect(checked).toMatchObject({
      ok: true,
      row: {
        phone: '+977 1 Bcc: victim@mail.example',
        subject: 'Room X-Header: y',
        first_name: 'Pema Dorje',
        message: 'Line one\nLine two',
      },
    });
    if (!checked.ok) throw new Error('refused');
    const mail = composeNotification(
      { ...checked.row, id: 'x', created_at: '2026-11-26T00:00:00Z' },
      { email: 'hotel@mail.example' },
    );
    expect(mail.text.split('\n').filter((l) => l.startsWith('Bcc:') || l.startsWith('X-Header:'))).toEqual([]);
  });

  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2:ffff::1', '2001:db8:1:2::/64'],
    ['2001:DB8:0001:0002::9', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['::ffff:198.51.100.4', '198.51.100.4'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['unknown', 'unknown'],
  ])('counts %s as %s', (ip, key) => {
    expect(rateLimitAddress(ip)).toBe(key);
  });
});
