-- Sections of a page or post (D11): rendered after the content, active ones only, in sort_order.

create table public.sections (
  id uuid primary key default gen_random_uuid(),
  page_id uuid references public.pages (id) on delete cascade,
  blog_post_id uuid references public.blog_posts (id) on delete cascade,
  section_name text not null check (btrim(section_name) <> '' and char_length(section_name) <= 200),
  section_content jsonb not null default '{}'::jsonb check (jsonb_typeof(section_content) = 'object'),
  is_active boolean not null default true,
  sort_order integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint sections_one_parent check (num_nonnulls(page_id, blog_post_id) = 1)
);

comment on table public.sections is 'Named sections of a page or post; section_content may hold title, content and style {backgroundColor, color}.';

alter table public.sections enable row level security;

create trigger sections_set_updated_at
  before update on public.sections
  for each row execute function public.set_updated_at();

create index sections_page_sort_idx on public.sections (page_id, sort_order);
create index sections_post_sort_idx on public.sections (blog_post_id, sort_order);

create policy "anyone reads active sections of public pages and posts"
  on public.sections for select to anon
  using (is_active and public.is_public_parent(page_id, blog_post_id));

create policy "signed-in users read public sections; admins read all"
  on public.sections for select to authenticated
  using ((is_active and public.is_public_parent(page_id, blog_post_id)) or (select public.is_admin()));

create policy "admins create sections"
  on public.sections for insert to authenticated
  with check ((select public.is_admin()));

create policy "admins update sections"
  on public.sections for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

create policy "admins delete sections"
  on public.sections for delete to authenticated
  using ((select public.is_admin()));
