-- The admin Sitemap tab, persisted (D10): per-URL include/exclude and priority/changefreq overrides for static
-- pages, pages and posts, plus custom URLs. URLs without a row use the spec's defaults.

create table public.sitemap_entries (
  id uuid primary key default gen_random_uuid(),
  url text not null check (url ~ '^/([^\s/?#]+/)*$' and char_length(url) <= 2000),
  entry_type text not null default 'custom' check (entry_type in ('static', 'page', 'post', 'custom')),
  title text check (char_length(title) <= 300),
  is_included boolean not null default true,
  priority numeric(2, 1) check (priority between 0 and 1),
  changefreq text check (changefreq in ('always', 'hourly', 'daily', 'weekly', 'monthly', 'yearly', 'never')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint sitemap_entries_url_key unique (url)
);

comment on table public.sitemap_entries is 'Sitemap overrides and custom URLs (custom default 0.5, monthly); null priority/changefreq means the default.';

alter table public.sitemap_entries enable row level security;

create trigger sitemap_entries_set_updated_at
  before update on public.sitemap_entries
  for each row execute function public.set_updated_at();

-- Public by nature: the build reads every row to write /sitemap.xml and /sitemap/.
create policy "anyone reads sitemap entries"
  on public.sitemap_entries for select to anon
  using (true);

create policy "signed-in users read sitemap entries"
  on public.sitemap_entries for select to authenticated
  using (true);

create policy "admins create sitemap entries"
  on public.sitemap_entries for insert to authenticated
  with check ((select public.is_admin()));

create policy "admins update sitemap entries"
  on public.sitemap_entries for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

create policy "admins delete sitemap entries"
  on public.sitemap_entries for delete to authenticated
  using ((select public.is_admin()));
