-- Blog posts with their SEO fields. A post is live when published and its published_date (if any) has come;
-- a published post dated in the future is scheduled (D12) and stays hidden from the public until then.

create table public.blog_posts (
  id uuid primary key default gen_random_uuid(),
  slug text not null check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(slug) <= 200),
  title text not null check (btrim(title) <> '' and char_length(title) <= 300),
  excerpt text check (char_length(excerpt) <= 1000),
  content text not null default '' check (char_length(content) <= 200000),
  category text check (char_length(category) <= 120),
  featured_image text check (char_length(featured_image) <= 2000),
  alt_text text check (char_length(alt_text) <= 500),
  author_name text check (char_length(author_name) <= 100),
  author_role text check (char_length(author_role) <= 100),
  author_image text check (char_length(author_image) <= 2000),
  published_date timestamptz,
  is_published boolean not null default false,
  is_indexed boolean not null default true,
  meta_title text check (char_length(meta_title) <= 300),
  meta_description text check (char_length(meta_description) <= 1000),
  canonical_url text check (char_length(canonical_url) <= 2000),
  seo_keywords text check (char_length(seo_keywords) <= 1000),
  og_title text check (char_length(og_title) <= 300),
  og_description text check (char_length(og_description) <= 1000),
  og_type text not null default 'article' check (og_type in ('website', 'article', 'business.business')),
  twitter_card text not null default 'summary_large_image' check (twitter_card in ('summary_large_image', 'summary')),
  twitter_title text check (char_length(twitter_title) <= 300),
  twitter_description text check (char_length(twitter_description) <= 1000),
  twitter_image text check (char_length(twitter_image) <= 2000),
  schema_markup text check (char_length(schema_markup) <= 50000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint blog_posts_slug_key unique (slug)
);

comment on table public.blog_posts is 'Blog posts (markdown content). The public reads live posts only; admins read and write all.';
comment on column public.blog_posts.category is 'Slug of a row in categories (kept as text, as the spec stores it).';
comment on column public.blog_posts.published_date is 'Shown date; null means created_at. In the future on a published post: scheduled.';

alter table public.blog_posts enable row level security;

create trigger blog_posts_set_updated_at
  before update on public.blog_posts
  for each row execute function public.set_updated_at();

-- The public list orders live posts by created_at; the admin list and sitemap by updated_at.
create index blog_posts_published_created_idx on public.blog_posts (is_published, created_at desc);
create index blog_posts_updated_idx on public.blog_posts (updated_at desc);
create index blog_posts_category_idx on public.blog_posts (category);

create policy "anyone reads live posts"
  on public.blog_posts for select to anon
  using (is_published and (published_date is null or published_date <= now()));

create policy "signed-in users read live posts; admins read all"
  on public.blog_posts for select to authenticated
  using ((is_published and (published_date is null or published_date <= now())) or (select public.is_admin()));

create policy "admins create posts"
  on public.blog_posts for insert to authenticated
  with check ((select public.is_admin()));

-- Admins only: in-place editing on the public post page is for staff (D4).
create policy "admins update posts"
  on public.blog_posts for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

create policy "admins delete posts"
  on public.blog_posts for delete to authenticated
  using ((select public.is_admin()));
