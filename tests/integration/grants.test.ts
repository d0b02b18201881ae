/**
 * Grants and policies agree, table by table and role by role. Hosted Supabase grants new tables to nobody
 * (changelog 45329), and the local bootstrap does the same, so a table the API needs must be granted by a migration.
 * A policy without its grant is an operation that fails with 42501 in production; a grant without a policy is an
 * operation left to RLS alone, which is how leaks start. Anon never updates or deletes anything.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, dbClient, serviceClient } from '../helpers/supabase';

const db = dbClient();
beforeAll(() => db.connect());
afterAll(() => db.end());

const OPERATIONS = ['SELECT', 'INSERT', 'UPDATE', 'DELETE'] as const;
const API_ROLES = ['anon', 'authenticated'] as const;
/** Where visitors may insert directly: nowhere. Guest messages go through the contact and subscribe functions (D22). */
const ANON_INSERTS: string[] = [];

interface Row {
  table: string;
  role: string;
  operation: string;
}

const key = (r: Row) => `${r.table} ${r.role} ${r.operation}`;

async function tables(): Promise<string[]> {
  const { rows } = await db.query<{ t: string }>(
    `select c.relname as t from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1`,
  );
  return rows.map((r) => r.t);
}

/** (table, role, operation) for which a role may run the operation: table or column privileges. */
async function granted(roles: readonly string[]): Promise<Row[]> {
  const { rows } = await db.query<Row>(
    `select c.relname as table, r.rolname as role, op as operation
     from pg_class c
     join pg_namespace n on n.oid = c.relnamespace
     cross join pg_roles r
     cross join unnest(array['SELECT', 'INSERT', 'UPDATE', 'DELETE']) as op
     where n.nspname = 'public' and c.relkind in ('r', 'p') and r.rolname = any($1)
       and case when op = 'DELETE' then has_table_privilege(r.oid, c.oid, op)
                else has_any_column_privilege(r.oid, c.oid, op) end`,
    [roles],
  );
  return rows;
}

/** (table, role, operation) for which a policy exists; `public` and `all` policies are expanded. */
async function policed(): Promise<Row[]> {
  const { rows } = await db.query<{ table: string; roles: string[]; cmd: string }>(
    `select tablename as table, roles::text[] as roles, cmd from pg_policies where schemaname = 'public'`,
  );
  const out: Row[] = [];
  for (const p of rows) {
    const roles = p.roles.includes('public') ? [...API_ROLES] : p.roles;
    const ops = p.cmd === 'ALL' ? OPERATIONS : [p.cmd];
    for (const role of roles) for (const operation of ops) out.push({ table: p.table, role, operation });
  }
  return out;
}

describe('grants', () => {
  it('gives anon and authenticated exactly the operations their policies allow', async () => {
    const grants = new Set((await granted(API_ROLES)).map(key));
    const policies = new Set(
      (await policed()).filter((p) => (API_ROLES as readonly string[]).includes(p.role)).map(key),
    );
    const grantWithoutPolicy = [...grants].filter((g) => !policies.has(g)).sort();
    const policyWithoutGrant = [...policies].filter((p) => !grants.has(p)).sort();
    expect({ grantWithoutPolicy, policyWithoutGrant }).toEqual({ grantWithoutPolicy: [], policyWithoutGrant: [] });
  });

  it('never lets anon write: no update, no delete, no insert', async () => {
    const writes = (await granted(['anon'])).filter((g) => g.operation !== 'SELECT');
    expect(writes.filter((w) => w.operation !== 'INSERT')).toEqual([]);
    expect(writes.map((w) => w.table).sort()).toEqual(ANON_INSERTS);
  });

  it('lets anon insert no column anywhere, not even a guest message (D22: the functions write them)', async () => {
    const { rows } = await db.query<{ table: string; column: string }>(
      `select table_name as table, column_name as column from information_schema.column_privileges
       where grantee = 'anon' and privilege_type = 'INSERT' and table_schema = 'public' order by 1, 2`,
    );
    expect(rows).toEqual([]);
  });

  it('keeps the rate-limit attempts and their function to the service role', async () => {
    const api = (await granted(API_ROLES)).filter((g) => g.table === 'guest_message_attempts');
    expect(api).toEqual([]);
    const { rows } = await db.query<{ role: string; can: boolean }>(
      `select r.rolname as role, has_function_privilege(r.oid,
         'public.claim_guest_message_slot(text, text, text, integer, integer, integer, integer)', 'execute') as can
       from pg_roles r where r.rolname in ('anon', 'authenticated', 'service_role') order by 1`,
    );
    expect(rows).toEqual([
      { role: 'anon', can: false },
      { role: 'authenticated', can: false },
      { role: 'service_role', can: true },
    ]);
  });

  it('lets the service role alone run the retention job, and admins (signed in) delete a guest’s data (#30)', async () => {
    const { rows } = await db.query<{ role: string; retention: boolean; forget: boolean }>(
      `select r.rolname as role,
         has_function_privilege(r.oid, 'public.apply_retention()', 'execute') as retention,
         has_function_privilege(r.oid, 'public.delete_guest_data(text)', 'execute') as forget
       from pg_roles r where r.rolname in ('anon', 'authenticated', 'service_role') order by 1`,
    );
    // delete_guest_data checks the admin role itself; other signed-in users are refused (guest-data-retention.test.ts).
    expect(rows).toEqual([
      { role: 'anon', retention: false, forget: false },
      { role: 'authenticated', retention: false, forget: true },
      { role: 'service_role', retention: true, forget: false },
    ]);
  });

  it('keeps the 404 monitor’s writer to the service role; admins only ignore, never count (#29)', async () => {
    const { rows } = await db.query<{ role: string; record: boolean; ignore: boolean; count: boolean }>(
      `select r.rolname as role,
         has_function_privilege(r.oid, 'public.record_not_found(text, text)', 'execute') as record,
         has_column_privilege(r.oid, 'public.not_found_paths', 'ignored', 'update') as ignore,
         has_column_privilege(r.oid, 'public.not_found_paths', 'hits', 'update') as count
       from pg_roles r where r.rolname in ('anon', 'authenticated', 'service_role') order by 1`,
    );
    expect(rows).toEqual([
      { role: 'anon', record: false, ignore: false, count: false },
      { role: 'authenticated', record: false, ignore: true, count: false },
      { role: 'service_role', record: true, ignore: true, count: true },
    ]);
  });

  it('gives the service role every operation on every table but the activity log, and nothing to PUBLIC', async () => {
    // The activity log (#30) is written by its trigger alone: the service role reads it, as admins do.
    const all = (await tables()).filter((t) => t !== 'activity_log');
    expect((await granted(['service_role'])).filter((g) => g.table === 'activity_log').map((g) => g.operation)).toEqual(
      ['SELECT'],
    );
    const service = new Set((await granted(['service_role'])).map(key));
    const missing = all.flatMap((t) =>
      OPERATIONS.map((operation) => ({ table: t, role: 'service_role', operation })).filter(
        (r) => !service.has(key(r)),
      ),
    );
    expect(missing).toEqual([]);
    const { rows } = await db.query(
      `select table_name from information_schema.role_table_grants where grantee = 'PUBLIC' and table_schema = 'public'`,
    );
    expect(rows).toEqual([]);
  });

  it('grants no default privileges on public to the API roles (as hosted Supabase since October 2026)', async () => {
    const { rows } = await db.query<{ acl: string }>(
      `select d.defaclacl::text as acl from pg_default_acl d join pg_namespace n on n.oid = d.defaclnamespace
       where n.nspname = 'public'`,
    );
    for (const { acl } of rows) expect(acl).not.toMatch(/\b(anon|authenticated|service_role)=/);
  });

  it('answers through the API as the grants say: anon reads public tables, never the build history', async () => {
    const anon = anonClient();
    const { error: readError } = await anon.from('categories').select('id').limit(1);
    expect(readError).toBeNull();
    const { error: buildsError } = await anon.from('site_builds').select('id').limit(1);
    expect(buildsError?.code).toBe('42501');
    const { error: serviceError } = await serviceClient().from('site_builds').select('id').limit(1);
    expect(serviceError).toBeNull();
  });
});
