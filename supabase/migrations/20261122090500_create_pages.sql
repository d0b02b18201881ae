-- Dynamic pages (the cafe page and any page staff create), with the SEO fields of both specs.

create table public.pages (
  id uuid primary key default gen_random_uuid(),
  title text not null check (btrim(title) <> '' and char_length(title) <= 300),
  slug text not null check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(slug) <= 200),
  content text not null default '' check (char_length(content) <= 200000),
  custom_url text check (custom_url ~ '^/([a-z0-9._~-]+/)+$' and char_length(custom_url) <= 500),
  canonical_url text check (char_length(canonical_url) <= 2000),
  featured_image text check (char_length(featured_image) <= 2000),
  meta_title text check (char_length(meta_title) <= 300),
  meta_description text check (char_length(meta_description) <= 1000),
  seo_title text check (char_length(seo_title) <= 300),
  seo_description text check (char_length(seo_description) <= 1000),
  seo_keywords text check (char_length(seo_keywords) <= 1000),
  og_image text check (char_length(og_image) <= 2000),
  og_title text check (char_length(og_title) <= 300),
  og_description text check (char_length(og_description) <= 1000),
  og_type text not null default 'website' check (og_type in ('website', 'article', 'business.business')),
  twitter_card text not null default 'summary_large_image' check (twitter_card in ('summary_large_image', 'summary')),
  twitter_title text check (char_length(twitter_title) <= 300),
  twitter_description text check (char_length(twitter_description) <= 1000),
  twitter_image text check (char_length(twitter_image) <= 2000),
  schema_markup text check (char_length(schema_markup) <= 50000),
  alt_text text check (char_length(alt_text) <= 500),
  is_published boolean not null default false,
  is_indexed boolean not null default true,
  preview_mode boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint pages_slug_key unique (slug)
);

comment on table public.pages is 'Stored pages, routed at custom_url or /{slug}/ when published. Static pages of the spec are not rows.';
comment on column public.pages.custom_url is 'Public path with leading and trailing slash, e.g. /boudha-cafe-de-mandala/.';

alter table public.pages enable row level security;

create trigger pages_set_updated_at
  before update on public.pages
  for each row execute function public.set_updated_at();

create unique index pages_custom_url_key on public.pages (custom_url) where custom_url is not null;
create index pages_published_updated_idx on public.pages (is_published, updated_at desc);
create index pages_updated_idx on public.pages (updated_at desc);

create policy "anyone reads published pages"
  on public.pages for select to anon
  using (is_published);

create policy "signed-in users read published pages; admins read all"
  on public.pages for select to authenticated
  using (is_published or (select public.is_admin()));

create policy "admins create pages"
  on public.pages for insert to authenticated
  with check ((select public.is_admin()));

create policy "admins update pages"
  on public.pages for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

create policy "admins delete pages"
  on public.pages for delete to authenticated
  using ((select public.is_admin()));
