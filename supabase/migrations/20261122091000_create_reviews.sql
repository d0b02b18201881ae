-- Guest reviews from Google My Business or the hotel's own website (D15: stored as the site's host name).

create table public.reviews (
  id uuid primary key default gen_random_uuid(),
  reviewer_name text not null check (btrim(reviewer_name) <> '' and char_length(reviewer_name) <= 100),
  rating smallint not null default 5 check (rating between 1 and 5),
  review_text text not null check (btrim(review_text) <> '' and char_length(review_text) <= 5000),
  review_date date not null default current_date,
  platform_source text not null default 'Google My Business'
    constraint reviews_platform_source_check check (
      platform_source = 'Google My Business'
      or platform_source ~ '^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:[0-9]{1,5})?$'
    ),
  is_displayed boolean not null default true,
  is_featured boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.reviews is 'Guest reviews. platform_source is ''Google My Business'' or the site''s host name (D15).';

alter table public.reviews enable row level security;

create trigger reviews_set_updated_at
  before update on public.reviews
  for each row execute function public.set_updated_at();

-- Public: displayed, featured first then newest. Admin: newest first.
create index reviews_public_order_idx on public.reviews (is_displayed, is_featured desc, review_date desc);
create index reviews_date_idx on public.reviews (review_date desc);

create policy "anyone reads displayed reviews"
  on public.reviews for select to anon
  using (is_displayed);

create policy "signed-in users read displayed reviews; admins read all"
  on public.reviews for select to authenticated
  using (is_displayed or (select public.is_admin()));

create policy "admins create reviews"
  on public.reviews for insert to authenticated
  with check ((select public.is_admin()));

create policy "admins update reviews"
  on public.reviews for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

create policy "admins delete reviews"
  on public.reviews for delete to authenticated
  using ((select public.is_admin()));
