/**
 * The schema as a database linter sees it: the rules of Supabase's database advisor that apply here, checked
 * in the catalog of the migrated database; and the committed TypeScript types compared with the live schema.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbClient } from '../helpers/supabase';
import { generateTypes, TYPES_FILE } from '@boudha/local-supabase/gen-types';

const db = dbClient();
beforeAll(() => db.connect());
afterAll(() => db.end());

const rows = async <T = Record<string, unknown>>(sql: string) => (await db.query(sql)).rows as T[];

describe('schema', () => {
  it('has the committed database.types.ts in step with the migrations (run npm run db:types after a migration)', async () => {
    const committed = await readFile(TYPES_FILE, 'utf8');
    expect(committed).toBe(await generateTypes(db));
  });

  it('enables row-level security on every table of public and storage', async () => {
    const open = await rows(`
      select n.nspname || '.' || c.relname as t from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname in ('public', 'storage') and c.relkind = 'r' and not c.relrowsecurity`);
    expect(open).toEqual([]);
  });

  it('has every entity of the specs and the decisions', async () => {
    const tables = (await rows<{ t: string }>(`select tablename as t from pg_tables where schemaname = 'public'`)).map(
      (r) => r.t,
    );
    expect(tables.sort()).toEqual(
      [
        'activity_log',
        'blog_posts',
        'categories',
        'contact_details',
        'contact_submissions',
        'content_blocks',
        'content_versions',
        'guest_message_attempts',
        'newsletter_subscribers',
        'not_found_paths',
        'pages',
        'profiles',
        'retention_settings',
        'reviews',
        'sections',
        'seo_redirects',
        'seo_settings',
        'site_builds',
        'sitemap_entries',
        'static_page_seo',
        'user_roles',
      ].sort(),
    );
  });

  it('gives every public table the API reaches at least one policy, none of them "for all" or for the public pseudo-role', async () => {
    const bad = await rows(`
      select tablename, policyname, cmd, roles::text from pg_policies
      where schemaname = 'public' and (cmd = 'ALL' or roles @> array['public']::name[])`);
    expect(bad).toEqual([]);
    // A table granted to no API role (the service role's own, as the rate-limit attempts of D22) needs none: RLS on
    // without a policy refuses everyone but the service role, which is the point (advisor lint 0008, INFO only).
    const without = await rows<{ tablename: string; reachable: boolean }>(`
      select t.tablename,
        exists (select 1 from unnest(array['anon', 'authenticated']) r
                where has_any_column_privilege(r, format('public.%I', t.tablename), 'select, insert, update')
                   or has_table_privilege(r, format('public.%I', t.tablename), 'delete')) as reachable
      from pg_tables t where t.schemaname = 'public'
      and not exists (select 1 from pg_policies p where p.schemaname = 'public' and p.tablename = t.tablename)`);
    expect(without).toEqual([{ tablename: 'guest_message_attempts', reachable: false }]);
  });

  it('has at most one permissive policy per table, operation and role', async () => {
    const dupes = await rows(`
      select tablename, cmd, r as role, count(*) from pg_policies, unnest(roles) r
      where schemaname in ('public', 'storage') and permissive = 'PERMISSIVE'
      group by tablename, cmd, r having count(*) > 1`);
    expect(dupes).toEqual([]);
  });

  it('has no write policy that lets everything through', async () => {
    const always = await rows(`
      select tablename, policyname from pg_policies
      where schemaname in ('public', 'storage') and cmd in ('INSERT', 'UPDATE', 'DELETE')
        and (coalesce(qual, '') = 'true' or coalesce(with_check, '') = 'true')`);
    expect(always).toEqual([]);
  });

  it('calls auth.uid() and is_admin() once per statement, wrapped in a select', async () => {
    const unwrapped = await rows<{ policyname: string; expr: string }>(`
      select policyname, coalesce(qual, '') || ' ' || coalesce(with_check, '') as expr from pg_policies
      where schemaname in ('public', 'storage')`);
    for (const p of unwrapped) {
      const bare = p.expr.replace(/\( SELECT (auth\.uid\(\)|(private\.)?is_admin\(\)) AS \w+\)/g, '');
      expect(bare, p.policyname).not.toMatch(/auth\.uid\(\)|is_admin\(\)/);
    }
  });

  it('exposes no security definer function to the API roles (the advisor lints 0028/0029)', async () => {
    const exposed = await rows<{ fn: string }>(`
      select n.nspname || '.' || p.proname as fn from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public' and p.prosecdef
        and (has_function_privilege('anon', p.oid, 'execute') or has_function_privilege('authenticated', p.oid, 'execute'))`);
    expect(exposed).toEqual([]);
  });

  it('keeps the policies on the private is_admin(), and answers "am I an admin?" through public.is_admin()', async () => {
    const policies = await rows<{ n: string }>(`
      select count(*)::int as n from pg_policies where coalesce(qual, '') || coalesce(with_check, '') like '%private.is_admin()%'`);
    expect(Number(policies[0].n)).toBeGreaterThan(40);
    const [fn] = await rows<{ definer: boolean }>(`
      select p.prosecdef as definer from pg_proc p where p.oid = 'public.is_admin()'::regprocedure`);
    expect(fn.definer).toBe(false);
  });

  it('fixes the search_path of every function in public', async () => {
    const mutable = await rows(`
      select p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public' and not exists (
        select 1 from unnest(coalesce(p.proconfig, '{}')) c where c like 'search_path=%')`);
    expect(mutable).toEqual([]);
  });

  it('lets no security-definer function be executed by anon', async () => {
    const exposed = await rows(`
      select p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public' and p.prosecdef and has_function_privilege('anon', p.oid, 'execute')`);
    expect(exposed).toEqual([]);
  });

  it('indexes every foreign key', async () => {
    const unindexed = await rows(`
      select c.conrelid::regclass::text as tbl, c.conname from pg_constraint c
      join pg_namespace n on n.oid = (select relnamespace from pg_class where oid = c.conrelid)
      where c.contype = 'f' and n.nspname = 'public' and not exists (
        select 1 from pg_index i where i.indrelid = c.conrelid
          and (i.indkey::int2[])[0:array_length(c.conkey, 1) - 1] = c.conkey)`);
    expect(unindexed).toEqual([]);
  });

  it('keeps updated_at by trigger on every table that has one', async () => {
    const missing = await rows(`
      select c.table_name from information_schema.columns c where c.table_schema = 'public' and c.column_name = 'updated_at'
      and not exists (select 1 from information_schema.triggers t
        where t.event_object_schema = 'public' and t.event_object_table = c.table_name and t.action_statement like '%set_updated_at%')`);
    expect(missing).toEqual([]);
  });

  it('configures the blog-images bucket: public, images only, 10 MB', async () => {
    const [bucket] = await rows(
      `select public, file_size_limit, allowed_mime_types from storage.buckets where id = 'blog-images'`,
    );
    expect(bucket).toEqual({
      public: true,
      file_size_limit: '10485760',
      allowed_mime_types: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'],
    });
  });

  it('removes the blocks, sections and versions of a deleted page or post', async () => {
    await db.query('begin');
    try {
      const post = await db.query(
        `insert into blog_posts (slug, title) values ('cascade-check', 'Cascade') returning id`,
      );
      const page = await db.query(`insert into pages (slug, title) values ('cascade-check', 'Cascade') returning id`);
      for (const [col, id] of [
        ['blog_post_id', post.rows[0].id],
        ['page_id', page.rows[0].id],
      ]) {
        await db.query(`insert into content_blocks (${col}, content) values ($1, '{}')`, [id]);
        await db.query(`insert into sections (${col}, section_name) values ($1, 'S')`, [id]);
        await db.query(`insert into content_versions (${col}, version_data) values ($1, '{"blocks": []}')`, [id]);
      }
      await db.query('delete from blog_posts where id = $1', [post.rows[0].id]);
      await db.query('delete from pages where id = $1', [page.rows[0].id]);
      const left = await db.query(
        `
        select (select count(*) from content_blocks where blog_post_id = $1 or page_id = $2)
             + (select count(*) from sections where blog_post_id = $1 or page_id = $2)
             + (select count(*) from content_versions where blog_post_id = $1 or page_id = $2) as n`,
        [post.rows[0].id, page.rows[0].id],
      );
      expect(Number(left.rows[0].n)).toBe(0);
    } finally {
      await db.query('rollback');
    }
  });

  it('refuses a block that belongs to both a page and a post, or to neither', async () => {
    await expect(db.query(`insert into content_blocks (content) values ('{}')`)).rejects.toThrow(
      /content_blocks_one_parent/,
    );
  });
});
