-- The activity log (#30): every insert, update and delete on the content tables is recorded by the database
-- itself, whoever makes it and however (the admin, the in-place editor, the save functions, the publisher, a
-- script): the time, the actor (auth.uid() of a signed-in user; the service role or the database itself otherwise),
-- the table and row, and the old and new values of the changed columns only. An update that changes nothing but
-- updated_at leaves no entry.
--
-- Nobody changes or deletes an entry through the API: admins read it, the service role reads it, and the trigger
-- function (security definer, owned by the migration's role) is the only writer. Guest data never enters it: for
-- contact messages and newsletter addresses, the names of personal columns are recorded but not their values.

create table public.activity_log (
  id bigint generated always as identity primary key,
  happened_at timestamptz not null default now(),
  -- The signed-in user who made the change; null for the service role and the database's own work.
  actor_id uuid,
  -- Who acted, as the request said: 'authenticated' (a staff user), 'service_role' (publisher, functions,
  -- scripts), 'anon', or 'system' (no API request: migrations, the seed, scheduled jobs).
  actor_role text not null check (actor_role in ('authenticated', 'service_role', 'anon', 'system')),
  table_name text not null,
  row_id text,
  action text not null check (action in ('insert', 'update', 'delete')),
  old_values jsonb,
  new_values jsonb
);

comment on table public.activity_log is
  'Who changed what (#30): one row per insert, update or delete on a content table, written only by private.log_activity().';

create index activity_log_happened_idx on public.activity_log (happened_at desc);
create index activity_log_row_idx on public.activity_log (table_name, row_id, happened_at desc);
create index activity_log_actor_idx on public.activity_log (actor_id, happened_at desc);

alter table public.activity_log enable row level security;

create policy "admins read the activity log"
  on public.activity_log for select to authenticated
  using ((select private.is_admin()));

-- From nothing first: a project made before hosted Supabase stopped granting new tables by default
-- (20261123090000_grant_api_access.sql) would otherwise give every API role every operation here.
revoke all on public.activity_log from anon, authenticated, service_role;
grant select on public.activity_log to authenticated;
grant select on public.activity_log to service_role;

-- The trigger function. Its arguments name columns whose values are withheld (personal data): such a column
-- appears with the value '(withheld)' when it changed.
create function private.log_activity()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_claims jsonb := nullif(current_setting('request.jwt.claims', true), '')::jsonb;
  v_role text := coalesce(v_claims ->> 'role', 'system');
  v_old jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) end;
  v_new jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) end;
  v_before jsonb;
  v_after jsonb;
  v_withheld text[] := coalesce(tg_argv, '{}');
begin
  if v_role not in ('authenticated', 'service_role', 'anon') then
    v_role := 'system';
  end if;
  if tg_op = 'UPDATE' then
    select jsonb_object_agg(n.key, o.value), jsonb_object_agg(n.key, n.value)
      into v_before, v_after
      from jsonb_each(v_new) n
      join jsonb_each(v_old) o on o.key = n.key
     where n.value is distinct from o.value and n.key <> 'updated_at';
    if v_after is null then
      return null; -- touched, not changed
    end if;
  elsif tg_op = 'INSERT' then
    v_after := v_new;
  else
    v_before := v_old;
  end if;
  -- Personal columns: their names stay, their values never enter the log.
  select jsonb_object_agg(key, case when key = any (v_withheld) then '"(withheld)"'::jsonb else value end)
    into v_before from jsonb_each(v_before);
  select jsonb_object_agg(key, case when key = any (v_withheld) then '"(withheld)"'::jsonb else value end)
    into v_after from jsonb_each(v_after);

  insert into public.activity_log (actor_id, actor_role, table_name, row_id, action, old_values, new_values)
  values (
    case when v_role = 'authenticated' then nullif(v_claims ->> 'sub', '')::uuid end,
    v_role,
    tg_table_name,
    coalesce(v_new ->> 'id', v_old ->> 'id'),
    lower(tg_op),
    v_before,
    v_after
  );
  return null;
end;
$$;

comment on function private.log_activity() is
  'Trigger (#30): records a row change in public.activity_log; its arguments name columns whose values are withheld.';

revoke execute on function private.log_activity() from public, anon, authenticated, service_role;

-- The content tables and what staff manage; guest data with its personal columns withheld.
create trigger blog_posts_activity after insert or update or delete on public.blog_posts
  for each row execute function private.log_activity();
create trigger pages_activity after insert or update or delete on public.pages
  for each row execute function private.log_activity();
create trigger content_blocks_activity after insert or update or delete on public.content_blocks
  for each row execute function private.log_activity();
create trigger sections_activity after insert or update or delete on public.sections
  for each row execute function private.log_activity();
create trigger reviews_activity after insert or update or delete on public.reviews
  for each row execute function private.log_activity();
create trigger categories_activity after insert or update or delete on public.categories
  for each row execute function private.log_activity();
create trigger contact_details_activity after insert or update or delete on public.contact_details
  for each row execute function private.log_activity();
create trigger seo_settings_activity after insert or update or delete on public.seo_settings
  for each row execute function private.log_activity();
create trigger static_page_seo_activity after insert or update or delete on public.static_page_seo
  for each row execute function private.log_activity();
create trigger seo_redirects_activity after insert or update or delete on public.seo_redirects
  for each row execute function private.log_activity();
create trigger sitemap_entries_activity after insert or update or delete on public.sitemap_entries
  for each row execute function private.log_activity();
create trigger user_roles_activity after insert or update or delete on public.user_roles
  for each row execute function private.log_activity();
create trigger contact_submissions_activity after insert or update or delete on public.contact_submissions
  for each row execute function private.log_activity('first_name', 'last_name', 'email', 'phone', 'subject', 'message');
create trigger newsletter_subscribers_activity after insert or update or delete on public.newsletter_subscribers
  for each row execute function private.log_activity('email');
