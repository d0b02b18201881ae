-- Messages from the contact form. Visitors may only add a message (never read one back); staff triage them.
-- The bounds of D18 are enforced here so that no client can store more than the form allows.

create type public.submission_status as enum ('unread', 'read', 'responded');

create table public.contact_submissions (
  id uuid primary key default gen_random_uuid(),
  first_name text not null
    constraint contact_submissions_first_name_check check (btrim(first_name) <> '' and char_length(first_name) <= 100),
  last_name text not null
    constraint contact_submissions_last_name_check check (btrim(last_name) <> '' and char_length(last_name) <= 100),
  email text not null
    constraint contact_submissions_email_check check (
      char_length(email) <= 254 and email ~* '^[a-z0-9.!#$%&''*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$'
    ),
  phone text
    constraint contact_submissions_phone_check check (char_length(phone) <= 40),
  subject text not null
    constraint contact_submissions_subject_check check (btrim(subject) <> '' and char_length(subject) <= 200),
  message text not null
    constraint contact_submissions_message_check check (btrim(message) <> '' and char_length(message) <= 5000),
  status public.submission_status not null default 'unread',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.contact_submissions is 'Contact form messages: names <= 100, email <= 254 and email-shaped, phone <= 40, subject <= 200, message <= 5000 (D18).';

alter table public.contact_submissions enable row level security;

create trigger contact_submissions_set_updated_at
  before update on public.contact_submissions
  for each row execute function public.set_updated_at();

create index contact_submissions_created_idx on public.contact_submissions (created_at desc);

-- Anyone may send a message, but only as a new, unread one. No select policy for visitors: nothing is read back.
create policy "visitors send messages"
  on public.contact_submissions for insert to anon
  with check (status = 'unread');

create policy "signed-in users send messages"
  on public.contact_submissions for insert to authenticated
  with check (status = 'unread' or (select public.is_admin()));

create policy "admins read messages"
  on public.contact_submissions for select to authenticated
  using ((select public.is_admin()));

create policy "admins update messages"
  on public.contact_submissions for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

create policy "admins delete messages"
  on public.contact_submissions for delete to authenticated
  using ((select public.is_admin()));

-- Visitors fill in the form's fields only: id, status and timestamps are the database's to set.
revoke insert on public.contact_submissions from anon;
grant insert (first_name, last_name, email, phone, subject, message) on public.contact_submissions to anon;
