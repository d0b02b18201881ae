/**
 * Guest data kept only as long as needed (#30, D27): the retention setting, the job that deletes contact messages and
 * unsubscribed newsletter addresses older than it (and nothing else), and 'Delete everything about this guest'. Only
 * admins change the setting or delete a guest's data; only the service role (and the cron job) runs the job; the
 * activity log records each deletion without the guest's values.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRetention } from '@boudha/publisher/retention';
import { anonClient, dbClient, roleClients, serviceClient, type Client } from '../helpers/supabase';

const svc = serviceClient();
const db = dbClient();
let admin: Client;
let user: Client;
let adminId = '';
let settingId = '';
const tag = () => randomUUID().slice(0, 8);

beforeAll(async () => {
  await db.connect();
  const clients = await roleClients();
  admin = clients.admin;
  user = clients.user;
  adminId = clients.adminId;
  const { data, error } = await svc.from('retention_settings').select('id, retention_months').single();
  expect(error).toBeNull();
  settingId = data!.id;
});

afterAll(async () => {
  await svc.from('retention_settings').update({ retention_months: 12 }).eq('id', settingId);
  await db.end();
});

const setMonths = async (months: number) =>
  expect(
    (await svc.from('retention_settings').update({ retention_months: months }).eq('id', settingId)).error,
  ).toBeNull();

/** A contact message from `email`, received `ageDays` days ago (backdated directly: no API sets created_at). */
async function message(email: string, ageDays: number): Promise<string> {
  const { data, error } = await svc
    .from('contact_submissions')
    .insert({ first_name: 'Dawa', last_name: 'Lama', email, subject: `Room ${tag()}`, message: 'A room in spring?' })
    .select('id')
    .single();
  expect(error).toBeNull();
  await db.query(`update public.contact_submissions set created_at = now() - make_interval(days => $2) where id = $1`, [
    data!.id,
    ageDays,
  ]);
  return data!.id;
}

/** A newsletter address, subscribed `ageDays` ago and, when `leftDays` is given, unsubscribed that many days ago. */
async function subscriber(email: string, ageDays: number, leftDays: number | null): Promise<string> {
  const { data, error } = await svc.from('newsletter_subscribers').insert({ email }).select('id').single();
  expect(error).toBeNull();
  await db.query(
    `update public.newsletter_subscribers
        set created_at = now() - make_interval(days => $2),
            unsubscribed_at = case when $3::int is null then null else now() - make_interval(days => $3::int) end
      where id = $1`,
    [data!.id, ageDays, leftDays],
  );
  return data!.id;
}

const exists = async (table: 'contact_submissions' | 'newsletter_subscribers', id: string) =>
  ((await svc.from(table).select('id').eq('id', id)).data ?? []).length === 1;

describe('the retention job', () => {
  it('deletes the messages and unsubscribed addresses older than the setting, and nothing else', async () => {
    const mail = () => `guest-${tag()}@test.example`;
    // Around the 6-month line (a month is 28 to 31 days: 200 days is past it, 170 days within it).
    const oldMessage = await message(mail(), 200);
    const youngMessage = await message(mail(), 170);
    const eightMonthsOld = await message(mail(), 245);
    const freshMessage = await message(mail(), 0);
    const leftLongAgo = await subscriber(mail(), 900, 200);
    const leftRecently = await subscriber(mail(), 900, 170);
    const stillSubscribed = await subscriber(mail(), 1200, null);

    // Under the default 12 months, none of these is old enough.
    await setMonths(12);
    const first = await svc.rpc('apply_retention');
    expect(first.error).toBeNull();
    expect(first.data).toMatchObject({ months: 12 });
    for (const id of [oldMessage, youngMessage, eightMonthsOld, freshMessage])
      expect(await exists('contact_submissions', id)).toBe(true);
    for (const id of [leftLongAgo, leftRecently, stillSubscribed])
      expect(await exists('newsletter_subscribers', id)).toBe(true);

    // Under 6 months: what is past the line goes, what is within it stays; a subscribed address stays at any age.
    await setMonths(6);
    const { data, error } = await svc.rpc('apply_retention');
    expect(error).toBeNull();
    const result = data as { months: number; cutoff: string; messages: number; subscribers: number };
    expect(result.months).toBe(6);
    expect(result.messages).toBeGreaterThanOrEqual(2);
    expect(result.subscribers).toBeGreaterThanOrEqual(1);
    expect(await exists('contact_submissions', oldMessage)).toBe(false);
    expect(await exists('contact_submissions', eightMonthsOld)).toBe(false);
    expect(await exists('contact_submissions', youngMessage)).toBe(true);
    expect(await exists('contact_submissions', freshMessage)).toBe(true);
    expect(await exists('newsletter_subscribers', leftLongAgo)).toBe(false);
    expect(await exists('newsletter_subscribers', leftRecently)).toBe(true);
    expect(await exists('newsletter_subscribers', stillSubscribed)).toBe(true);

    // Nothing older than the cutoff is left anywhere.
    const left = await db.query(
      `select (select count(*) from public.contact_submissions where created_at < $1)
            + (select count(*) from public.newsletter_subscribers where unsubscribed_at < $1) as n`,
      [result.cutoff],
    );
    expect(Number(left.rows[0].n)).toBe(0);

    // The activity log records each deletion, as the service role's, without the guest's values.
    const { data: log } = await svc
      .from('activity_log')
      .select()
      .in('row_id', [oldMessage, eightMonthsOld, leftLongAgo])
      .eq('action', 'delete');
    expect(log).toHaveLength(3);
    for (const e of log!) {
      expect(e.actor_role).toBe('service_role');
      expect(e.old_values).toMatchObject({ email: '(withheld)' });
    }

    for (const id of [youngMessage, freshMessage]) await svc.from('contact_submissions').delete().eq('id', id);
    for (const id of [leftRecently, stillSubscribed]) await svc.from('newsletter_subscribers').delete().eq('id', id);
  });

  it('runs locally on the publisher’s tick, as Supabase Cron runs it hosted (D27)', async () => {
    await setMonths(12);
    const old = await message(`guest-${tag()}@test.example`, 400);
    const young = await message(`guest-${tag()}@test.example`, 300);
    const lines: string[] = [];
    const retention = createRetention({ db: svc, log: (line) => lines.push(line) });
    const result = await retention.run();
    expect(result).toMatchObject({ months: 12 });
    expect(result!.messages).toBeGreaterThanOrEqual(1);
    expect(await exists('contact_submissions', old)).toBe(false);
    expect(await exists('contact_submissions', young)).toBe(true);
    expect(lines.join('\n')).toMatch(/retention \(12 months\): deleted \d+ contact messages/);
    // Without the service role, it says why and deletes nothing.
    const refused = createRetention({ db: admin, log: (line) => lines.push(line) });
    expect(await refused.run()).toBeNull();
    expect(lines.at(-1)).toMatch(/could not apply it/);
    await svc.from('contact_submissions').delete().eq('id', young);
  });

  it('is run by the service role only', async () => {
    const keep = await message(`guest-${tag()}@test.example`, 4000);
    for (const client of [anonClient(), user, admin]) {
      const { error } = await client.rpc('apply_retention');
      expect(error?.code).toBe('42501');
    }
    expect(await exists('contact_submissions', keep)).toBe(true);
    await svc.from('contact_submissions').delete().eq('id', keep);
  });
});

describe('the retention setting', () => {
  it('is 12 months by default, one row, between 1 and 120', async () => {
    const { rows } = await db.query(
      `select column_default from information_schema.columns
        where table_name = 'retention_settings' and column_name = 'retention_months'`,
    );
    expect(rows[0].column_default).toBe('12');
    expect((await svc.from('retention_settings').select('id')).data).toHaveLength(1);
    expect(
      (await admin.from('retention_settings').update({ retention_months: 0 }).eq('id', settingId)).error?.code,
    ).toBe('23514');
    expect(
      (await admin.from('retention_settings').update({ retention_months: 121 }).eq('id', settingId)).error?.code,
    ).toBe('23514');
    expect((await svc.from('retention_settings').insert({ retention_months: 3 })).error?.code).toBe('23505');
  });

  it('is read and changed by admins, and the change is on record; nobody else reads or changes it', async () => {
    const changed = await admin.from('retention_settings').update({ retention_months: 9 }).eq('id', settingId).select();
    expect(changed.error).toBeNull();
    expect(changed.data).toHaveLength(1);
    const { data: log } = await svc
      .from('activity_log')
      .select()
      .eq('table_name', 'retention_settings')
      .eq('row_id', settingId)
      .order('id', { ascending: false })
      .limit(1)
      .single();
    expect([log!.action, log!.actor_id, log!.new_values]).toEqual(['update', adminId, { retention_months: 9 }]);

    // A signed-in user without the role: sees nothing, changes nothing.
    expect((await user.from('retention_settings').select()).data).toEqual([]);
    const byUser = await user.from('retention_settings').update({ retention_months: 1 }).eq('id', settingId).select();
    expect(byUser.data ?? []).toHaveLength(0);
    // Anon has no grant at all.
    expect((await anonClient().from('retention_settings').select()).error?.code).toBe('42501');
    expect(
      (await anonClient().from('retention_settings').update({ retention_months: 1 }).eq('id', settingId)).error?.code,
    ).toBe('42501');
    // Nobody deletes it through the API but the service role.
    expect((await admin.from('retention_settings').delete().eq('id', settingId)).error?.code).toBe('42501');

    const { data: after } = await svc.from('retention_settings').select('retention_months').single();
    expect(after!.retention_months).toBe(9);
  });
});

describe("'Delete everything about this guest'", () => {
  it('leaves no message or newsletter address with that email, and touches no other guest', async () => {
    const email = `forget-${tag()}@test.example`;
    const mine = [await message(email, 3), await message(email.toUpperCase(), 40)];
    const sub = await subscriber(email, 30, null);
    const other = await message(`other-${tag()}@test.example`, 3);

    const { data, error } = await admin.rpc('delete_guest_data', { p_email: `  ${email.toUpperCase()} ` });
    expect(error).toBeNull();
    expect(data).toEqual({ messages: 2, subscribers: 1 });

    const { rows } = await db.query(
      `select (select count(*) from public.contact_submissions where lower(email) = $1)
            + (select count(*) from public.newsletter_subscribers where lower(email) = $1) as n`,
      [email],
    );
    expect(Number(rows[0].n)).toBe(0);
    for (const id of mine) expect(await exists('contact_submissions', id)).toBe(false);
    expect(await exists('newsletter_subscribers', sub)).toBe(false);
    expect(await exists('contact_submissions', other)).toBe(true);

    // On record as the admin's deletions, and the address is not in the log.
    const { data: log } = await svc
      .from('activity_log')
      .select()
      .in('row_id', [...mine, sub])
      .eq('action', 'delete');
    expect(log).toHaveLength(3);
    for (const e of log!) expect([e.actor_id, e.actor_role]).toEqual([adminId, 'authenticated']);
    expect(JSON.stringify(log)).not.toContain(email);

    await svc.from('contact_submissions').delete().eq('id', other);
  });

  it('refuses an empty address', async () => {
    const { error } = await admin.rpc('delete_guest_data', { p_email: '   ' });
    expect(error?.code).toBe('22023');
  });

  it('cannot be called by anyone but an admin', async () => {
    const email = `kept-${tag()}@test.example`;
    const kept = await message(email, 3);
    const sub = await subscriber(email, 3, null);
    for (const client of [anonClient(), user, svc]) {
      const { data, error } = await client.rpc('delete_guest_data', { p_email: email });
      expect(error?.code).toBe('42501');
      expect(data).toBeNull();
    }
    expect(await exists('contact_submissions', kept)).toBe(true);
    expect(await exists('newsletter_subscribers', sub)).toBe(true);
    await svc.from('contact_submissions').delete().eq('id', kept);
    await svc.from('newsletter_subscribers').delete().eq('id', sub);
  });
});
