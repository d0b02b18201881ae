-- Block-based content of a page or a post (the cafe page's text blocks among them).

create table public.content_blocks (
  id uuid primary key default gen_random_uuid(),
  page_id uuid references public.pages (id) on delete cascade,
  blog_post_id uuid references public.blog_posts (id) on delete cascade,
  block_type text not null default 'text'
    check (block_type in ('text', 'heading', 'image', 'quote', 'video', 'gallery')),
  content jsonb not null default '{}'::jsonb check (jsonb_typeof(content) = 'object'),
  sort_order integer not null default 0,
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint content_blocks_one_parent check (num_nonnulls(page_id, blog_post_id) = 1)
);

comment on table public.content_blocks is 'Ordered blocks of a page or post; content shape depends on block_type (text, heading, image, quote, video, gallery).';

alter table public.content_blocks enable row level security;

create trigger content_blocks_set_updated_at
  before update on public.content_blocks
  for each row execute function public.set_updated_at();

-- Cover the foreign keys and the read "by parent, active, ordered by sort_order".
create index content_blocks_page_sort_idx on public.content_blocks (page_id, sort_order);
create index content_blocks_post_sort_idx on public.content_blocks (blog_post_id, sort_order);

create policy "anyone reads active blocks of public pages and posts"
  on public.content_blocks for select to anon
  using (is_active and public.is_public_parent(page_id, blog_post_id));

create policy "signed-in users read public blocks; admins read all"
  on public.content_blocks for select to authenticated
  using ((is_active and public.is_public_parent(page_id, blog_post_id)) or (select public.is_admin()));

create policy "admins create blocks"
  on public.content_blocks for insert to authenticated
  with check ((select public.is_admin()));

create policy "admins update blocks"
  on public.content_blocks for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

create policy "admins delete blocks"
  on public.content_blocks for delete to authenticated
  using ((select public.is_admin()));
