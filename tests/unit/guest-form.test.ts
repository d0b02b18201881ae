/**
 * The guest forms' side of D22: the function URL a static page posts to, the request an island sends instead of
 * the browser's form post, and the notices a page shows after a plain post, which must say exactly what the
 * functions say.
 */
import { describe, expect, it, vi } from 'vitest';
import {
  GUEST_NOTICES,
  NOTICE_PREFIX,
  SAFE_EMAIL_PATTERN,
  functionUrl,
  postGuestForm,
} from '../../src/islands/shared/guest-form';
import { GUEST_MESSAGES, NOTICE_PREFIX as FUNCTION_PREFIX } from '../../supabase/functions/_shared/guest-messages.js';
import { FIELDS, LIMITS } from '../../src/islands/contact-form/contact-form.utils';
import { BOUNDS } from '../../supabase/functions/_shared/guest-messages.js';
// The islands and the functions read one copy of these (guest-texts.js); the checks below hold that they still do.

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(entries)) data.append(k, v);
  return data;
};

describe('guest forms', () => {
  it('post to the functions of the project the site was built against', () => {
    expect(functionUrl('https://ref.supabase.co', 'contact')).toBe('https://ref.supabase.co/functions/v1/contact');
    expect(functionUrl('http://127.0.0.1:54321/', 'subscribe')).toBe('http://127.0.0.1:54321/functions/v1/subscribe');
  });

  it('send the form urlencoded to its action, asking for JSON (a simple request: no preflight)', async () => {
    const fetchImpl = vi.fn(async () => Response.json({ ok: true, message: 'Thank you!' }));
    const answer = await postGuestForm(
      'http://api.test/functions/v1/contact',
      form({ first_name: 'Tenzin', message: 'Tashi delek & more?' }),
      fetchImpl,
    );
    expect(answer).toEqual({ ok: true, message: 'Thank you!' });
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://api.test/functions/v1/contact');
    expect(init.method).toBe('POST');
    expect(init.headers).toEqual({ Accept: 'application/json' });
    expect(init.body).toBeInstanceOf(URLSearchParams);
    expect(String(init.body)).toBe('first_name=Tenzin&message=Tashi+delek+%26+more%3F');
  });

  it.each([
    [400, { ok: false, error: 'invalid', field: 'email', message: 'Please enter…' }],
    [429, { ok: false, error: 'rate_limited', message: 'Wait' }],
  ])('return what the function refused (HTTP %i)', async (status, body) => {
    const fetchImpl = vi.fn(async () => Response.json(body, { status }));
    expect(await postGuestForm('http://api.test/x', form({}), fetchImpl)).toEqual(body);
  });

  it('count an answer that is not the function’s JSON as failed, and throw when the network fails', async () => {
    const html = vi.fn(async () => new Response('<h1>Bad gateway</h1>', { status: 502 }));
    expect(await postGuestForm('http://api.test/x', form({}), html)).toEqual({ ok: false, error: 'failed' });
    const other = vi.fn(async () => Response.json({ message: 'boom' }, { status: 500 }));
    expect(await postGuestForm('http://api.test/x', form({}), other)).toEqual({ ok: false, error: 'failed' });
    const down = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(postGuestForm('http://api.test/x', form({}), down)).rejects.toThrow('Failed to fetch');
  });

  it('show, after a plain post, exactly what the functions answer', () => {
    for (const kind of ['contact', 'subscribe'] as const) {
      const { sent: _sent, ...errors } = GUEST_MESSAGES[kind];
      expect(GUEST_NOTICES[kind]).toEqual(errors);
      expect(NOTICE_PREFIX[kind]).toBe(FUNCTION_PREFIX[kind]);
    }
    // Every field of the form can be named by the function.
    for (const field of FIELDS) expect(GUEST_NOTICES.contact).toHaveProperty(field);
  });

  it('bound the inputs as the function and the database do (D18)', () => {
    expect(LIMITS).toEqual(BOUNDS);
    const email = new RegExp(`^(?:${SAFE_EMAIL_PATTERN})$`, 'v');
    expect(email.test('pema@mail.example')).toBe(true);
    for (const bad of ['a?cc=b@mail.example', 'a&b@mail.example', 'a b@mail.example'])
      expect(email.test(bad)).toBe(false);
  });
});
