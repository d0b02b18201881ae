import { describe, expect, it, vi } from 'vitest';
import { sendSubmission, toSubmission } from '../../src/islands/contact-form/contact-form.utils';

const values = {
  firstName: ' Tenzin ',
  lastName: 'Dolma',
  email: 'td@mail.example',
  phone: '',
  subject: 'Rooms',
  message: 'Hello',
};

describe('contact form', () => {
  it('stores phone as null when empty and trims what was typed', () => {
    expect(toSubmission(values)).toEqual({
      first_name: 'Tenzin',
      last_name: 'Dolma',
      email: 'td@mail.example',
      phone: null,
      subject: 'Rooms',
      message: 'Hello',
    });
    expect(toSubmission({ ...values, phone: ' +977 1 4000 000 ' }).phone).toBe('+977 1 4000 000');
  });

  it('posts to the REST endpoint with the anon key and asks for nothing back', async () => {
    const fetchImpl = vi.fn(async () => new Response(null, { status: 201 }));
    await sendSubmission('http://api.test', 'anon-key', toSubmission(values), fetchImpl);
    expect(fetchImpl).toHaveBeenCalledOnce();
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://api.test/rest/v1/contact_submissions');
    expect(init.method).toBe('POST');
    expect(init.headers).toMatchObject({
      apikey: 'anon-key',
      Authorization: 'Bearer anon-key',
      Prefer: 'return=minimal',
    });
    expect(JSON.parse(String(init.body)).phone).toBeNull();
  });

  it.each([400, 500, 503])('throws on HTTP %i, with the server message', async (status) => {
    const fetchImpl = vi.fn(async () => Response.json({ message: 'violates check constraint' }, { status }));
    await expect(sendSubmission('http://api.test', 'k', toSubmission(values), fetchImpl)).rejects.toThrow(
      new RegExp(`\\(${status}\\): violates check constraint`),
    );
  });

  it('throws when the network fails', async () => {
    const fetchImpl = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(sendSubmission('http://api.test', 'k', toSubmission(values), fetchImpl)).rejects.toThrow(
      'Failed to fetch',
    );
  });
});
