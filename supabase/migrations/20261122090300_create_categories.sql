-- Blog categories. blog_posts.category holds a category slug.

create table public.categories (
  id uuid primary key default gen_random_uuid(),
  name text not null check (btrim(name) <> '' and char_length(name) <= 100),
  slug text not null check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(slug) <= 120),
  description text check (char_length(description) <= 2000),
  seo_title text check (char_length(seo_title) <= 200),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint categories_name_key unique (name),
  constraint categories_slug_key unique (slug)
);

comment on table public.categories is 'Blog categories, listed on the blog by name; readable by everyone, written by admins.';

alter table public.categories enable row level security;

create trigger categories_set_updated_at
  before update on public.categories
  for each row execute function public.set_updated_at();

-- Every category is public: the blog lists them all (select-only; writes below need the admin role).
create policy "anyone reads categories"
  on public.categories for select to anon
  using (true);

create policy "signed-in users read categories"
  on public.categories for select to authenticated
  using (true);

create policy "admins create categories"
  on public.categories for insert to authenticated
  with check ((select public.is_admin()));

create policy "admins update categories"
  on public.categories for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

create policy "admins delete categories"
  on public.categories for delete to authenticated
  using ((select public.is_admin()));
