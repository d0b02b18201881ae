-- Version history of a page's or post's blocks. Staff-only: the public never reads versions.

create table public.content_versions (
  id uuid primary key default gen_random_uuid(),
  page_id uuid references public.pages (id) on delete cascade,
  blog_post_id uuid references public.blog_posts (id) on delete cascade,
  version_data jsonb not null check (jsonb_typeof(version_data -> 'blocks') = 'array'),
  created_by text not null default 'admin' check (char_length(created_by) <= 200),
  created_at timestamptz not null default now(),
  constraint content_versions_one_parent check (num_nonnulls(page_id, blog_post_id) = 1)
);

comment on table public.content_versions is 'Snapshots {blocks: [{block_type, content, sort_order}]} saved with each block save; newest first.';

alter table public.content_versions enable row level security;

create index content_versions_page_created_idx on public.content_versions (page_id, created_at desc);
create index content_versions_post_created_idx on public.content_versions (blog_post_id, created_at desc);

create policy "admins read versions"
  on public.content_versions for select to authenticated
  using ((select public.is_admin()));

create policy "admins create versions"
  on public.content_versions for insert to authenticated
  with check ((select public.is_admin()));

create policy "admins update versions"
  on public.content_versions for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

create policy "admins delete versions"
  on public.content_versions for delete to authenticated
  using ((select public.is_admin()));
