-- URL redirects, compiled into the host's redirect rules at build time (D6). The public reads active ones.

create table public.seo_redirects (
  id uuid primary key default gen_random_uuid(),
  from_url text not null check ((from_url ~ '^/.+' or from_url ~* '^https?://[^\s/]+') and char_length(from_url) <= 2000 and from_url !~ '\s'),
  to_url text not null check ((to_url ~ '^/.+' or to_url ~* '^https?://[^\s/]+') and char_length(to_url) <= 2000 and to_url !~ '\s'),
  redirect_type smallint not null default 301 check (redirect_type in (301, 302)),
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint seo_redirects_from_differs_from_to check (from_url <> to_url),
  constraint seo_redirects_from_url_key unique (from_url)
);

comment on table public.seo_redirects is 'Redirect rules: from_url (relative path or absolute URL) to to_url, 301 or 302.';

alter table public.seo_redirects enable row level security;

create trigger seo_redirects_set_updated_at
  before update on public.seo_redirects
  for each row execute function public.set_updated_at();

create index seo_redirects_active_idx on public.seo_redirects (is_active);
create index seo_redirects_created_idx on public.seo_redirects (created_at desc);

create policy "anyone reads active redirects"
  on public.seo_redirects for select to anon
  using (is_active);

create policy "signed-in users read active redirects; admins read all"
  on public.seo_redirects for select to authenticated
  using (is_active or (select public.is_admin()));

create policy "admins create redirects"
  on public.seo_redirects for insert to authenticated
  with check ((select public.is_admin()));

create policy "admins update redirects"
  on public.seo_redirects for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

create policy "admins delete redirects"
  on public.seo_redirects for delete to authenticated
  using ((select public.is_admin()));
