-- Guest data kept only as long as needed (#30, D27): one setting, how many months contact messages and the addresses
-- of those who unsubscribed from the newsletter are kept; a job that deletes what is older; and staff's way to delete
-- everything about one guest on request.
--
-- The job is public.apply_retention(), run daily by Supabase Cron (pg_cron) where the database has it, and by the
-- local publisher's tick otherwise (the embedded PostgreSQL has no pg_cron; docs/decisions.md, D27). The activity
-- log records each deletion (its trigger on both tables), with the guest's values withheld as for any change.

create table public.retention_settings (
  id uuid primary key default gen_random_uuid(),
  -- Months after which a contact message, or the address of someone who unsubscribed, is deleted.
  retention_months integer not null default 12
    constraint retention_settings_months_check check (retention_months between 1 and 120),
  updated_at timestamptz not null default now()
);

comment on table public.retention_settings is
  'Single row: how many months guest messages and unsubscribed newsletter addresses are kept (1 to 120, default 12).';

-- At most one row, there from the start.
create unique index retention_settings_singleton on public.retention_settings ((true));
insert into public.retention_settings default values;

alter table public.retention_settings enable row level security;

create trigger retention_settings_set_updated_at
  before update on public.retention_settings
  for each row execute function public.set_updated_at();

create trigger retention_settings_activity after insert or update or delete on public.retention_settings
  for each row execute function private.log_activity();

-- Staff only: visitors never learn it. No delete: without its row the job keeps the default of 12 months.
create policy "admins read the retention setting"
  on public.retention_settings for select to authenticated
  using ((select private.is_admin()));

create policy "admins create the retention setting"
  on public.retention_settings for insert to authenticated
  with check ((select private.is_admin()));

create policy "admins change the retention setting"
  on public.retention_settings for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

revoke all on public.retention_settings from anon, authenticated, service_role;
grant select, insert, update on public.retention_settings to authenticated;
grant select, insert, update, delete on public.retention_settings to service_role;

-- Messages are found by age; unsubscribed addresses by when they left.
create index newsletter_subscribers_unsubscribed_idx on public.newsletter_subscribers (unsubscribed_at)
  where unsubscribed_at is not null;

-- Deletes the contact messages received, and the newsletter addresses unsubscribed, longer ago than the setting's
-- months; addresses still subscribed stay whatever their age. Answers what it did:
-- {"months": 12, "cutoff": "…", "messages": 3, "subscribers": 1}.
--
-- Security invoker: the service role (the local publisher's tick) and the cron job's owner may delete both tables'
-- rows anyway; nobody else may run it.
create function public.apply_retention()
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_months integer := coalesce((select s.retention_months from public.retention_settings s limit 1), 12);
  v_cutoff timestamptz := now() - make_interval(months => v_months);
  v_messages integer;
  v_subscribers integer;
begin
  delete from public.contact_submissions where created_at < v_cutoff;
  get diagnostics v_messages = row_count;
  delete from public.newsletter_subscribers where unsubscribed_at < v_cutoff;
  get diagnostics v_subscribers = row_count;
  return jsonb_build_object(
    'months', v_months, 'cutoff', v_cutoff, 'messages', v_messages, 'subscribers', v_subscribers
  );
end;
$$;

comment on function public.apply_retention() is
  'Deletes contact messages and unsubscribed newsletter addresses older than retention_settings.retention_months (#30). Service role only.';

revoke execute on function public.apply_retention() from public, anon, authenticated;
grant execute on function public.apply_retention() to service_role;

-- Deletes every contact message from an address and its newsletter subscription, on the guest's request (#30).
-- Addresses are compared trimmed and case-insensitively, as the newsletter stores them. Answers the counts:
-- {"messages": 2, "subscribers": 1}.
--
-- Admins only: the explicit check refuses everyone else with 42501 before anything runs, and as a security invoker
-- function it can delete nothing the caller's own policies would not let it delete (no security definer needed).
create function public.delete_guest_data(p_email text)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_email text := lower(btrim(coalesce(p_email, '')));
  v_messages integer;
  v_subscribers integer;
begin
  if not coalesce((select private.is_admin()), false) then
    raise exception using errcode = '42501', message = 'Only an admin may delete a guest''s data.';
  end if;
  if v_email = '' then
    raise exception using errcode = '22023', message = 'Enter the guest''s email address.';
  end if;
  delete from public.contact_submissions where lower(btrim(email)) = v_email;
  get diagnostics v_messages = row_count;
  delete from public.newsletter_subscribers where lower(btrim(email)) = v_email;
  get diagnostics v_subscribers = row_count;
  return jsonb_build_object('messages', v_messages, 'subscribers', v_subscribers);
end;
$$;

comment on function public.delete_guest_data(text) is
  'Deletes every contact message from an email address and its newsletter subscription (#30). Admins only.';

revoke execute on function public.delete_guest_data(text) from public, anon;
grant execute on function public.delete_guest_data(text) to authenticated;

-- Supabase Cron where the database has it (hosted Supabase): every day at 03:17 UTC. The embedded PostgreSQL of
-- the local stack has no pg_cron; there the publisher runs the same function (scripts/publisher/retention.mjs).
do $$
begin
  if exists (select 1 from pg_catalog.pg_available_extensions where name = 'pg_cron') then
    create extension if not exists pg_cron with schema pg_catalog;
    -- By name: scheduling again replaces the job rather than adding a second.
    execute $job$select cron.schedule('apply-retention', '17 3 * * *', 'select public.apply_retention()')$job$;
  end if;
end
$$;
