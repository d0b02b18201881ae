/**
 * The activity log (#30): the database records every insert, update and delete on the content tables, with the
 * actor, the time, the table and row, and the old and new values of the changed columns only. Admins read it;
 * nobody changes or deletes it through the API; the service role's writes say so; guest data is withheld.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { anonClient, roleClients, serviceClient, type Client } from '../helpers/supabase';

let admin: Client;
let user: Client;
let adminId = '';
const svc = serviceClient();
const tag = () => randomUUID().slice(0, 8);

beforeAll(async () => {
  const clients = await roleClients();
  admin = clients.admin;
  user = clients.user;
  adminId = clients.adminId;
});

/** The entries of one row, oldest first. */
async function entries(table: string, rowId: string) {
  const { data, error } = await svc
    .from('activity_log')
    .select()
    .eq('table_name', table)
    .eq('row_id', rowId)
    .order('id', { ascending: true });
  expect(error).toBeNull();
  return data!;
}

/** Each content table: a row an admin can insert, a change to one column, and that column. */
const CASES = [
  { table: 'categories', row: () => ({ name: `Cat ${tag()}`, slug: `cat-${tag()}` }), patch: { name: 'Renamed' } },
  {
    table: 'blog_posts',
    row: () => ({ title: `Post ${tag()}`, slug: `post-${tag()}`, content: 'Text.' }),
    patch: { content: 'Fixed text.' },
  },
  {
    table: 'pages',
    row: () => ({ title: `Page ${tag()}`, slug: `page-${tag()}`, content: 'Body.' }),
    patch: { title: 'New title' },
  },
  {
    table: 'reviews',
    row: () => ({ reviewer_name: `Guest ${tag()}`, review_text: 'Lovely stay.', rating: 5 }),
    patch: { rating: 4 },
  },
  {
    table: 'seo_redirects',
    row: () => ({ from_url: `/old-${tag()}/`, to_url: '/about/', redirect_type: 301 }),
    patch: { to_url: '/contact/' },
  },
  {
    table: 'sitemap_entries',
    row: () => ({ url: `/offer-${tag()}/`, entry_type: 'custom' }),
    patch: { priority: 0.4 },
  },
] as const;

describe('the activity log', () => {
  for (const c of CASES) {
    it(`records an admin's insert, update and delete on ${c.table}: the actor, and only the changed columns`, async () => {
      const { data: inserted, error } = await admin
        .from(c.table)
        .insert(c.row() as never)
        .select()
        .single();
      expect(error).toBeNull();
      const id = (inserted as { id: string }).id;
      const [column, value] = Object.entries(c.patch)[0];
      const before = (inserted as Record<string, unknown>)[column];
      expect(
        (
          await admin
            .from(c.table)
            .update(c.patch as never)
            .eq('id', id)
        ).error,
      ).toBeNull();
      // A save that changes nothing (updated_at only) is no change.
      expect(
        (
          await admin
            .from(c.table)
            .update(c.patch as never)
            .eq('id', id)
        ).error,
      ).toBeNull();
      expect((await admin.from(c.table).delete().eq('id', id)).error).toBeNull();

      const log = await entries(c.table, id);
      expect(log.map((e) => e.action)).toEqual(['insert', 'update', 'delete']);
      for (const e of log) expect([e.actor_id, e.actor_role]).toEqual([adminId, 'authenticated']);
      expect(log[0].old_values).toBeNull();
      expect(log[0].new_values).toMatchObject({ id });
      expect(log[1].old_values).toEqual({ [column]: before });
      expect(log[1].new_values).toEqual({ [column]: value });
      expect(log[2].old_values).toMatchObject({ id, [column]: value });
      expect(log[2].new_values).toBeNull();
    });
  }

  it('marks the service role’s writes as such, with no user', async () => {
    const { data } = await svc
      .from('categories')
      .insert({ name: `Svc ${tag()}`, slug: `svc-${tag()}` })
      .select('id')
      .single();
    const [entry] = await entries('categories', data!.id);
    expect([entry.actor_id, entry.actor_role, entry.action]).toEqual([null, 'service_role', 'insert']);
    await svc.from('categories').delete().eq('id', data!.id);
  });

  it('records a change to the phone number with its old and new value', async () => {
    const { data: row } = await svc.from('contact_details').select('id, phone').limit(1).single();
    const phone = `+977 1 ${String(Date.now()).slice(-7)}`;
    expect((await admin.from('contact_details').update({ phone }).eq('id', row!.id)).error).toBeNull();
    const last = (await entries('contact_details', row!.id)).at(-1)!;
    expect([last.action, last.actor_id]).toEqual(['update', adminId]);
    expect(last.old_values).toEqual({ phone: row!.phone });
    expect(last.new_values).toEqual({ phone });
    await svc.from('contact_details').update({ phone: row!.phone }).eq('id', row!.id);
  });

  it('never copies a guest’s message or address into it: personal columns are withheld', async () => {
    const email = `guest-${tag()}@test.example`;
    const { data: message } = await svc
      .from('contact_submissions')
      .insert({ first_name: 'Dawa', last_name: 'Lama', email, subject: 'Room', message: 'Is the kora quiet at dawn?' })
      .select('id')
      .single();
    expect((await admin.from('contact_submissions').update({ status: 'read' }).eq('id', message!.id)).error).toBeNull();
    const log = await entries('contact_submissions', message!.id);
    expect(log.map((e) => e.action)).toEqual(['insert', 'update']);
    expect(JSON.stringify(log)).not.toContain(email);
    expect(JSON.stringify(log)).not.toContain('kora');
    expect(log[0].new_values).toMatchObject({ email: '(withheld)', message: '(withheld)' });
    expect(log[1].new_values).toEqual({ status: 'read' });
    const { data: sub } = await svc.from('newsletter_subscribers').insert({ email }).select('id').single();
    expect(JSON.stringify(await entries('newsletter_subscribers', sub!.id))).not.toContain(email);
    await svc.from('contact_submissions').delete().eq('id', message!.id);
    await svc.from('newsletter_subscribers').delete().eq('id', sub!.id);
  });

  it('is read by admins only, and changed or deleted by nobody through the API', async () => {
    const { data: cat } = await admin
      .from('categories')
      .insert({ name: `Guarded ${tag()}`, slug: `guarded-${tag()}` })
      .select('id')
      .single();
    const [entry] = await entries('categories', cat!.id);
    // Admins read it.
    const seen = await admin.from('activity_log').select('id').eq('id', entry.id);
    expect(seen.data).toHaveLength(1);
    // Anon has no grant; a signed-in user without the role sees nothing.
    expect((await anonClient().from('activity_log').select('id').eq('id', entry.id)).error?.code).toBe('42501');
    expect((await user.from('activity_log').select('id').eq('id', entry.id)).data).toEqual([]);
    // Nobody writes it: not an admin, not the service role.
    for (const client of [admin, svc]) {
      const update = await client.from('activity_log').update({ table_name: 'tampered' }).eq('id', entry.id);
      expect(update.error?.code).toBe('42501');
      const remove = await client.from('activity_log').delete().eq('id', entry.id);
      expect(remove.error?.code).toBe('42501');
      const insert = await client
        .from('activity_log')
        .insert({ actor_role: 'system', table_name: 'forged', action: 'insert' } as never);
      expect(insert.error?.code).toBe('42501');
    }
    const [still] = await entries('categories', cat!.id);
    expect(still).toEqual(entry);
    await svc.from('categories').delete().eq('id', cat!.id);
  });
});
