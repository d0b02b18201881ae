-- The 404 monitor (#29, D28): the addresses guests and crawlers asked for that the site does not have. The 404 page
-- reports its path to the `not-found` function (supabase/functions/not-found/), which records it with the service
-- role through public.record_not_found(): one row per path (normalised, query dropped, at most 512 characters), how
-- often it was asked for, when first and last, and the host of the latest referrer. Nothing about the visitor: no IP
-- address, no user agent. Probes (the build's files, the admin's addresses, .php, wp-admin, .env and the like:
-- src/lib/host/not-found-paths.mjs) all count in one row, the path '(probes)'.
--
-- Admins read the list, hide a path ('Ignore': the column `ignored`, the only one they may change) and delete rows;
-- nobody else reaches the table. Rows not seen for 90 days are purged by record_not_found() itself, on each report.
--
-- Not a content table (nothing here is published, and what it holds is written by guests' browsers): it is left out
-- of the activity log (20261126230000_activity_log.sql).

create table public.not_found_paths (
  id bigint generated always as identity primary key,
  path text not null check (
    path = '(probes)' or (path ~ '^/' and char_length(path) <= 512 and path !~ '[?#[:space:][:cntrl:]]')
  ),
  hits integer not null default 1 check (hits > 0),
  first_seen timestamptz not null default now(),
  last_seen timestamptz not null default now(),
  referrer_host text check (
    referrer_host is null or (char_length(referrer_host) <= 253 and referrer_host ~ '^([a-z0-9.-]+|\[[0-9a-f:.]+\])$')
  ),
  ignored boolean not null default false,
  constraint not_found_paths_path_key unique (path)
);

comment on table public.not_found_paths is
  'The 404 monitor (#29): one row per missing path the 404 page reported (probes in one row, ''(probes)''), with its count, first and last seen and the referrer''s host. Written by record_not_found() only; purged 90 days after last seen.';

alter table public.not_found_paths enable row level security;

-- The admin's list (most hit first) and the purge.
create index not_found_paths_hits_idx on public.not_found_paths (hits desc, last_seen desc);
create index not_found_paths_last_seen_idx on public.not_found_paths (last_seen);

create policy "admins read missing paths"
  on public.not_found_paths for select to authenticated
  using ((select private.is_admin()));

create policy "admins ignore missing paths"
  on public.not_found_paths for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

create policy "admins delete missing paths"
  on public.not_found_paths for delete to authenticated
  using ((select private.is_admin()));

-- From nothing first (20261123090000_grant_api_access.sql): anon nothing; signed-in users what the policies allow
-- admins, of the columns only `ignored` to change; the service role every operation, as on every table.
revoke all on public.not_found_paths from anon, authenticated, service_role;
grant select, delete on public.not_found_paths to authenticated;
grant update (ignored) on public.not_found_paths to authenticated;
grant select, insert, update, delete on public.not_found_paths to service_role;

-- The function's rate limits are the guest messages' (public.claim_guest_message_slot), under a kind of their own:
-- the attempts hold keyed hashes of the client's IP and of the path (in email_hash), never the values.
alter table public.guest_message_attempts drop constraint guest_message_attempts_kind_check;
alter table public.guest_message_attempts
  add constraint guest_message_attempts_kind_check check (kind in ('contact', 'subscribe', 'not_found'));

comment on table public.guest_message_attempts is
  'One row per guest message or sign-up accepted by the contact and subscribe functions (D22), and per path report accepted by the not-found function (#29, the path''s hash in email_hash): keyed hashes, for rate limits. Service role only; pruned after a day.';

-- Records one report: the path's row is made or counted (its last referrer host kept when the report has none), in
-- one statement, so concurrent reports of one path never lose a count; and rows not seen for 90 days are purged.
-- Security definer, so that the function's writes go through here alone; executable by the service role only.
create function public.record_not_found(p_path text, p_referrer_host text default null)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if p_path is null or not (p_path = '(probes)' or (p_path ~ '^/' and char_length(p_path) <= 512)) then
    raise exception using errcode = '22023', message = 'Not a path: a path starts with / and has at most 512 characters.';
  end if;

  delete from public.not_found_paths where last_seen < now() - interval '90 days';

  insert into public.not_found_paths as t (path, referrer_host)
  values (p_path, case when p_path <> '(probes)' then nullif(p_referrer_host, '') end)
  on conflict (path) do update
    set hits = least(t.hits, 2147483646) + 1,
        last_seen = now(),
        referrer_host = coalesce(excluded.referrer_host, t.referrer_host);
end;
$$;

comment on function public.record_not_found(text, text) is
  'The 404 monitor (#29): counts one report of a missing path (made or updated in one statement) and purges rows not seen for 90 days. Service role only.';

revoke execute on function public.record_not_found(text, text) from public, anon, authenticated;
grant execute on function public.record_not_found(text, text) to service_role;
