-- Per-route SEO of the built-in static pages (Page SEO tab), keyed by route with trailing slash.

create table public.static_page_seo (
  id uuid primary key default gen_random_uuid(),
  page_route text not null check (page_route ~ '^/([a-z0-9._~-]+/)*$' and char_length(page_route) <= 500),
  seo_title text check (char_length(seo_title) <= 300),
  seo_description text check (char_length(seo_description) <= 1000),
  seo_keywords text check (char_length(seo_keywords) <= 1000),
  canonical_url text check (char_length(canonical_url) <= 2000),
  og_title text check (char_length(og_title) <= 300),
  og_description text check (char_length(og_description) <= 1000),
  og_image text check (char_length(og_image) <= 2000),
  og_type text not null default 'website' check (og_type in ('website', 'article', 'business.business')),
  twitter_card text not null default 'summary_large_image' check (twitter_card in ('summary_large_image', 'summary')),
  twitter_title text check (char_length(twitter_title) <= 300),
  twitter_description text check (char_length(twitter_description) <= 1000),
  twitter_image text check (char_length(twitter_image) <= 2000),
  schema_markup text check (char_length(schema_markup) <= 50000),
  alt_text text check (char_length(alt_text) <= 500),
  is_indexed boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint static_page_seo_page_route_key unique (page_route)
);

comment on table public.static_page_seo is 'SEO metadata per static route (/, /about/, ...); read by the build for every page head.';

alter table public.static_page_seo enable row level security;

create trigger static_page_seo_set_updated_at
  before update on public.static_page_seo
  for each row execute function public.set_updated_at();

-- Public by nature: every row ends up in a page head.
create policy "anyone reads page SEO"
  on public.static_page_seo for select to anon
  using (true);

create policy "signed-in users read page SEO"
  on public.static_page_seo for select to authenticated
  using (true);

create policy "admins create page SEO"
  on public.static_page_seo for insert to authenticated
  with check ((select public.is_admin()));

create policy "admins update page SEO"
  on public.static_page_seo for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

create policy "admins delete page SEO"
  on public.static_page_seo for delete to authenticated
  using ((select public.is_admin()));
