-- #26: a flood of messages from many addresses never tells a real guest they sent too many, and never loses their
-- message. Past the global rate (100 contact messages, 300 sign-ups per 10 minutes) a message is still stored, but
-- held: not emailed to staff (the email quota is what the global rate protects), and marked in the admin's
-- Submissions tab. Only past a hard ceiling of 20 times the global rate (2,000 messages, about 10 MB, per 10
-- minutes), sized so a flood cannot fill the database, is a message refused, and then as a failure to try again,
-- not as the guest's own doing. The limits per client address and per email address are unchanged.

alter table public.contact_submissions add column held_at timestamptz;
comment on column public.contact_submissions.held_at is
  'When a message came past the global rate (a flood from many addresses): stored, not emailed to staff (#26).';

create or replace function public.claim_guest_message_slot(
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
  v_all bigint;
begin
  if p_window_seconds not between 1 and 86400 then
    raise exception using errcode = '22023', message = 'The window must be between 1 second and a day.';
  end if;

  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('guest_message_attempts:ip:' || p_ip_hash, 0));
  perform pg_catalog.pg_advisory_xact_lock(
    pg_catalog.hashtextextended('guest_message_attempts:email:' || p_email_hash, 0)
  );

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
  select count(*) into v_all from public.guest_message_attempts where kind = p_kind and created_at > v_since;
  if v_all >= p_global::bigint * 20 then
    return 'global';
  end if;

  insert into public.guest_message_attempts (kind, ip_hash, email_hash) values (p_kind, p_ip_hash, p_email_hash);
  if v_all >= p_global then
    return 'hold';
  end if;
  return null;
end;
$$;

comment on function public.claim_guest_message_slot(text, text, text, integer, integer, integer, integer) is
  'Rate limit of the guest-message functions (D22, #26): records the attempt and answers null, or hold (past the global rate: store, do not email); else the limit reached (ip, email, or global: the hard ceiling, 20 times the global rate) and records nothing. Service role only.';
