/**
 * What the database holds from visitors. Since D22 nobody but the guest-message functions (service role) writes
 * contact messages and newsletter addresses: anon and signed-in users without the admin role are refused outright.
 * The bounds of decision D18 stay in the database as the last word: anything beyond them, or an address that is
 * not email-shaped or carries `?`, `&` or spaces, is refused by a named check constraint, nothing stored, whoever
 * writes. Newsletter addresses are unique whatever their case. The functions themselves, their rate limits and 200
 * concurrent messages are tests/integration/guest-messages.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../src/lib/supabase/database.types';
import { anonClient, serviceClient, signedInClient } from '../helpers/supabase';

type ContactInsert = Database['public']['Tables']['contact_submissions']['Insert'];

const marker = (tag = 'msg') => `${tag}-${randomUUID()}`;

/** A message as the contact function stores it, with `mark` at the start of the message to find it again. */
const contact = (mark: string, extra: Partial<ContactInsert> = {}): ContactInsert => ({
  first_name: 'Tenzin',
  last_name: 'Norbu',
  email: 'tenzin.norbu@example.test',
  phone: '+977 1 4470000',
  subject: 'A room for two nights in March',
  message: `${mark} Could you hold a stupa-view room for us? We arrive late in the evening.`,
  ...extra,
});

/** Rows stored whose message starts with `mark`, read with the service role. */
async function storedWith(mark: string) {
  const { data, error } = await serviceClient().from('contact_submissions').select('*').like('message', `${mark}%`);
  if (error) throw error;
  return data;
}

/** A string of exactly `length` characters starting with `mark`. */
const padded = (mark: string, length: number) => (mark + ' ' + 'x'.repeat(length)).slice(0, length);
/** An email-shaped address of exactly `length` characters. */
const emailOfLength = (length: number) => `${'a'.repeat(length - '@example.test'.length)}@example.test`;

describe('contact messages and newsletter sign-ups in the database', () => {
  it('refuses direct inserts from visitors and from signed-in users without the admin role (D22)', async () => {
    const mark = marker();
    const anon = await anonClient().from('contact_submissions').insert(contact(mark));
    expect(anon.error?.code).toBe('42501');
    const email = `${marker('direct')}@mail.example`;
    const sub = await anonClient().from('newsletter_subscribers').insert({ email });
    expect(sub.error?.code).toBe('42501');
    const { client: user } = await signedInClient('none');
    expect((await user.from('contact_submissions').insert(contact(mark))).error?.code).toBe('42501');
    expect((await user.from('newsletter_subscribers').insert({ email })).error?.code).toBe('42501');
    expect(await storedWith(mark)).toEqual([]);
    const stored = await serviceClient().from('newsletter_subscribers').select('id').eq('email', email);
    expect(stored.data).toEqual([]);
  });

  it('stores a message written by the service role as unread, with a null phone when none was given', async () => {
    const mark = marker();
    const { error, status } = await serviceClient()
      .from('contact_submissions')
      .insert(contact(mark, { phone: null }));
    expect(error).toBeNull();
    expect(status).toBe(201);

    const rows = await storedWith(mark);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      first_name: 'Tenzin',
      last_name: 'Norbu',
      email: 'tenzin.norbu@example.test',
      phone: null,
      subject: 'A room for two nights in March',
      status: 'unread',
      notified_at: null,
      notification_error: null,
    });
    expect(rows[0].id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.now() - new Date(rows[0].created_at).getTime()).toBeLessThan(60_000);
  });

  const beyond: Array<[string, (mark: string) => Partial<ContactInsert>, string]> = [
    ['a first name of 101 characters', () => ({ first_name: 'F'.repeat(101) }), 'first_name'],
    ['a last name of 101 characters', () => ({ last_name: 'L'.repeat(101) }), 'last_name'],
    ['an email of 255 characters', () => ({ email: emailOfLength(255) }), 'email'],
    ["the email 'no-at-sign'", () => ({ email: 'no-at-sign' }), 'email'],
    ["the email 'a@b'", () => ({ email: 'a@b' }), 'email'],
    ["the email 'a b@c.de'", () => ({ email: 'a b@c.de' }), 'email'],
    [
      "the email 'x?cc=other@mail.example' (a second recipient in a mailto: link)",
      () => ({ email: 'x?cc=other@mail.example' }),
      'email',
    ],
    ["the email 'a&b@mail.example'", () => ({ email: 'a&b@mail.example' }), 'email'],
    ['an email with a tab', () => ({ email: 'a\tb@mail.example' }), 'email'],
    ['a phone of 41 characters', () => ({ phone: '1'.repeat(41) }), 'phone'],
    ['a subject of 201 characters', () => ({ subject: 'S'.repeat(201) }), 'subject'],
    ['a message of 5001 characters', (mark) => ({ message: padded(mark, 5001) }), 'message'],
    ['a blank first name', () => ({ first_name: '   ' }), 'first_name'],
  ];

  it.each(beyond)('refuses %s naming the failing check, storing nothing', async (_label, change, column) => {
    const mark = marker();
    const row = contact(mark, change(mark));
    const { error } = await serviceClient().from('contact_submissions').insert(row);
    expect(error).not.toBeNull();
    expect(error?.code).toBe('23514');
    expect(error?.message).toContain(`contact_submissions_${column}_check`);
    expect(await storedWith(mark)).toEqual([]);
  });

  const atBound: Array<[string, (mark: string) => Partial<ContactInsert>, keyof ContactInsert, number]> = [
    ['a first name of 100 characters', () => ({ first_name: 'F'.repeat(100) }), 'first_name', 100],
    ['a last name of 100 characters', () => ({ last_name: 'L'.repeat(100) }), 'last_name', 100],
    ['an email of 254 characters', () => ({ email: emailOfLength(254) }), 'email', 254],
    ['a phone of 40 characters', () => ({ phone: '+'.padEnd(40, '9') }), 'phone', 40],
    ['a subject of 200 characters', () => ({ subject: 'S'.repeat(200) }), 'subject', 200],
    ['a message of 5000 characters', (mark) => ({ message: padded(mark, 5000) }), 'message', 5000],
  ];

  it.each(atBound)('accepts %s (exactly at the bound)', async (_label, change, column, length) => {
    const mark = marker();
    const row = contact(mark, change(mark));
    const { error } = await serviceClient().from('contact_submissions').insert(row);
    expect(error).toBeNull();
    const rows = await storedWith(mark);
    expect(rows).toHaveLength(1);
    expect(String(rows[0][column])).toHaveLength(length);
    expect(rows[0][column]).toBe(row[column]);
  });

  it('does not let a visitor read messages back', async () => {
    const mark = marker();
    expect((await serviceClient().from('contact_submissions').insert(contact(mark))).error).toBeNull();

    const read = await anonClient()
      .from('contact_submissions')
      .select('id, email, message')
      .like('message', `${mark}%`);
    // Anon has no select grant on the table at all (tests/integration/grants.test.ts).
    expect(read.error?.code).toBe('42501');
    expect(read.data).toBeNull();
    const all = await anonClient().from('contact_submissions').select('id').limit(5);
    expect(all.error?.code).toBe('42501');
    expect(all.data).toBeNull();
    // The rows are there: the service role sees them.
    expect(await storedWith(mark)).toHaveLength(1);
  });

  it('stores a newsletter address lower-cased and refuses the same address in another case (23505)', async () => {
    const local = `Guest.${randomUUID().slice(0, 8)}`;
    const mixed = `${local}@Example.test`;
    const lower = mixed.toLowerCase();

    const first = await serviceClient().from('newsletter_subscribers').insert({ email: mixed });
    expect(first.error).toBeNull();
    const stored = await serviceClient().from('newsletter_subscribers').select('email, source').ilike('email', lower);
    expect(stored.error).toBeNull();
    expect(stored.data).toEqual([{ email: lower, source: 'blog' }]);

    for (const again of [lower, mixed.toUpperCase(), ` ${mixed} `]) {
      const dup = await serviceClient().from('newsletter_subscribers').insert({ email: again });
      expect(dup.error?.code, again).toBe('23505');
      expect(dup.error?.message).toContain('newsletter_subscribers_email_key');
    }
    const after = await serviceClient().from('newsletter_subscribers').select('email').ilike('email', `%${local}%`);
    expect(after.data).toEqual([{ email: lower }]);

    // Visitors cannot read the list.
    const anonRead = await anonClient().from('newsletter_subscribers').select('email').eq('email', lower);
    expect(anonRead.error?.code).toBe('42501');
    expect(anonRead.data).toBeNull();
  });

  it.each(['x?cc=other@mail.example', 'a&b@mail.example', 'a b@mail.example'])(
    'refuses the newsletter address %s (newsletter_subscribers_email_check)',
    async (email) => {
      const { error } = await serviceClient().from('newsletter_subscribers').insert({ email });
      expect(error?.code).toBe('23514');
      expect(error?.message).toContain('newsletter_subscribers_email_check');
    },
  );
});
