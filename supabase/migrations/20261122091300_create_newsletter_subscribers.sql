-- Newsletter sign-ups from the blog (D13). Visitors may add an address; only staff read the list.

create table public.newsletter_subscribers (
  id uuid primary key default gen_random_uuid(),
  email text not null
    constraint newsletter_subscribers_email_check check (
      char_length(email) <= 254 and email ~* '^[a-z0-9.!#$%&''*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$'
    ),
  source text not null default 'blog' check (source ~ '^[a-z0-9-]{1,40}$'),
  unsubscribed_at timestamptz,
  created_at timestamptz not null default now(),
  constraint newsletter_subscribers_email_key unique (email)
);

comment on table public.newsletter_subscribers is 'Newsletter addresses, stored lower-cased and unique.';

alter table public.newsletter_subscribers enable row level security;

-- Addresses are compared case-insensitively: store them trimmed and lower-cased so the unique key does the rest.
create or replace function public.normalize_subscriber_email()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.email := lower(btrim(new.email));
  return new;
end;
$$;

revoke execute on function public.normalize_subscriber_email() from public, anon, authenticated;

create trigger newsletter_subscribers_normalize_email
  before insert or update of email on public.newsletter_subscribers
  for each row execute function public.normalize_subscriber_email();

create policy "visitors subscribe"
  on public.newsletter_subscribers for insert to anon
  with check (unsubscribed_at is null);

create policy "signed-in users subscribe"
  on public.newsletter_subscribers for insert to authenticated
  with check (unsubscribed_at is null or (select public.is_admin()));

create policy "admins read subscribers"
  on public.newsletter_subscribers for select to authenticated
  using ((select public.is_admin()));

create policy "admins update subscribers"
  on public.newsletter_subscribers for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

create policy "admins delete subscribers"
  on public.newsletter_subscribers for delete to authenticated
  using ((select public.is_admin()));

revoke insert on public.newsletter_subscribers from anon;
grant insert (email, source) on public.newsletter_subscribers to anon;
