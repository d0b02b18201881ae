-- The hotel's identity and contact details (D16): a single row, shown in the footer and used by Book Now.

create table public.contact_details (
  id uuid primary key default gen_random_uuid(),
  hotel_name text not null check (btrim(hotel_name) <> '' and char_length(hotel_name) <= 200),
  phone text not null check (char_length(phone) <= 40),
  email text not null check (char_length(email) <= 254 and email ~* '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  address text not null check (char_length(address) <= 500),
  booking_url text not null check (booking_url ~* '^https?://' and char_length(booking_url) <= 2000),
  updated_at timestamptz not null default now()
);

comment on table public.contact_details is 'Single row: hotel name, phone, email, address and the external booking URL.';

-- At most one row.
create unique index contact_details_singleton on public.contact_details ((true));

alter table public.contact_details enable row level security;

create trigger contact_details_set_updated_at
  before update on public.contact_details
  for each row execute function public.set_updated_at();

-- Public by nature: printed on every page.
create policy "anyone reads contact details"
  on public.contact_details for select to anon
  using (true);

create policy "signed-in users read contact details"
  on public.contact_details for select to authenticated
  using (true);

create policy "admins create contact details"
  on public.contact_details for insert to authenticated
  with check ((select public.is_admin()));

create policy "admins update contact details"
  on public.contact_details for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

create policy "admins delete contact details"
  on public.contact_details for delete to authenticated
  using ((select public.is_admin()));
