-- Global SEO and analytics settings and the favicon: a single row.

create table public.seo_settings (
  id uuid primary key default gen_random_uuid(),
  site_name text not null default 'Boudha Mandala Hotel' check (char_length(site_name) <= 200),
  site_description text check (char_length(site_description) <= 1000),
  ga4_tracking_id text check (ga4_tracking_id ~ '^G-[A-Z0-9]{4,20}$'),
  gtm_container_id text check (gtm_container_id ~ '^GTM-[A-Z0-9]{4,12}$'),
  gsc_verification text check (char_length(gsc_verification) <= 200),
  header_scripts text check (char_length(header_scripts) <= 20000),
  body_scripts text check (char_length(body_scripts) <= 20000),
  default_og_image text check (char_length(default_og_image) <= 2000),
  default_twitter_handle text check (default_twitter_handle ~ '^@?[A-Za-z0-9_]{1,15}$'),
  default_schema_markup text check (char_length(default_schema_markup) <= 50000),
  facebook_app_id text check (char_length(facebook_app_id) <= 100),
  linkedin_company_id text check (char_length(linkedin_company_id) <= 100),
  favicon_url text check (char_length(favicon_url) <= 2000),
  updated_at timestamptz not null default now()
);

comment on table public.seo_settings is 'Single row of site-wide SEO: analytics IDs, verification, extra scripts, social defaults, favicon.';

create unique index seo_settings_singleton on public.seo_settings ((true));

alter table public.seo_settings enable row level security;

create trigger seo_settings_set_updated_at
  before update on public.seo_settings
  for each row execute function public.set_updated_at();

-- Public by nature: rendered into every page head at build time.
create policy "anyone reads SEO settings"
  on public.seo_settings for select to anon
  using (true);

create policy "signed-in users read SEO settings"
  on public.seo_settings for select to authenticated
  using (true);

create policy "admins create SEO settings"
  on public.seo_settings for insert to authenticated
  with check ((select public.is_admin()));

create policy "admins update SEO settings"
  on public.seo_settings for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

create policy "admins delete SEO settings"
  on public.seo_settings for delete to authenticated
  using ((select public.is_admin()));
