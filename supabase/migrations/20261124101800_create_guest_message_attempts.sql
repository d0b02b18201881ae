-- Rate limits of the guest-message functions (D22), kept in the database so that they hold across function
-- instances: one row per accepted request, holding keyed hashes (HMAC-SHA-256, made by the function) of the client's
-- IP address and of the email address, never the addresses themselves. Rows older than a day are pruned as new ones
-- come in.
--
-- Only the service role (the functions) reads and writes it: row-level security is on with no policy, and the API
-- roles have no privilege on it.

create table public.guest_message_attempts (
  id bigint generated always as identity primary key,
  kind text not null check (kind in ('contact', 'subscribe')),
  ip_hash text not null check (ip_hash ~ '^[0-9a-f]{64}$'),
  email_hash text not null check (email_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null default now()
);

comment on table public.guest_message_attempts is 'One row per guest message or sign-up accepted by the contact and subscribe functions: keyed hashes of the IP and email address, for rate limits (D22). Service role only; pruned after a day.';

alter table public.guest_message_attempts enable row level security;

-- The counts of claim_guest_message_slot (per IP and per address within a window; the global count and the
-- pruning by age).
create index guest_message_attempts_ip_idx on public.guest_message_attempts (kind, ip_hash, created_at);
create index guest_message_attempts_email_idx on public.guest_message_attempts (kind, email_hash, created_at);
create index guest_message_attempts_created_idx on public.guest_message_attempts (created_at);

grant select, insert, update, delete on public.guest_message_attempts to service_role;

-- Claims one slot for a message of `p_kind` from one client (p_ip_hash) for one address (p_email_hash), within the
-- limits given by the caller (the function keeps them beside its messages): at most p_per_ip from the client, at
-- most p_per_email for the address and at most p_global in all, per window. Answers null and records the attempt
-- when a slot is free, else the limit reached: 'ip', 'email' or 'global' (and records nothing).
--
-- Requests from one client, or for one address, are serialised by transaction-scoped advisory locks, so concurrent
-- requests cannot all see room under a limit; the global ceiling is counted without a lock (a few over it in a
-- burst are acceptable, a lock would serialise every guest).
create function public.claim_guest_message_slot(
  p_kind text,
  p_ip_hash text,
  p_email_hash text,
  p_per_ip integer,
  p_per_email integer,
  p_global integer,
  p_window_seconds integer
)
returns text
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_since timestamptz := now() - make_interval(secs => p_window_seconds);
begin
  if p_window_seconds not between 1 and 86400 then
    raise exception using errcode = '22023', message = 'The window must be between 1 second and a day.';
  end if;

  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('guest_message_attempts:ip:' || p_ip_hash, 0));
  perform pg_catalog.pg_advisory_xact_lock(
    pg_catalog.hashtextextended('guest_message_attempts:email:' || p_email_hash, 0)
  );

  -- Prune what no window can count any more; rows another request is pruning are skipped, not waited for.
  delete from public.guest_message_attempts
  where id in (
    select id from public.guest_message_attempts
    where created_at < now() - interval '1 day'
    limit 1000
    for update skip locked
  );

  if (select count(*) from public.guest_message_attempts
      where kind = p_kind and ip_hash = p_ip_hash and created_at > v_since) >= p_per_ip then
    return 'ip';
  end if;
  if (select count(*) from public.guest_message_attempts
      where kind = p_kind and email_hash = p_email_hash and created_at > v_since) >= p_per_email then
    return 'email';
  end if;
  if (select count(*) from public.guest_message_attempts
      where kind = p_kind and created_at > v_since) >= p_global then
    return 'global';
  end if;

  insert into public.guest_message_attempts (kind, ip_hash, email_hash) values (p_kind, p_ip_hash, p_email_hash);
  return null;
end;
$$;

comment on function public.claim_guest_message_slot(text, text, text, integer, integer, integer, integer) is 'Rate limit of the guest-message functions (D22): records one attempt and answers null, or answers the limit reached (ip, email, global). Service role only.';

revoke execute on function public.claim_guest_message_slot(text, text, text, integer, integer, integer, integer)
  from public, anon, authenticated;
grant execute on function public.claim_guest_message_slot(text, text, text, integer, integer, integer, integer)
  to service_role;
