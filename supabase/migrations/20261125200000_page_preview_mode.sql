-- Preview mode (pages.preview_mode): a page in preview mode is built at its address before it is published, so
-- staff can open and share it for review. The build marks it noindex and leaves it out of the sitemap; only a
-- published page replaces a built-in page (D20). For the build (anon) to read such a page, its blocks and its
-- sections, the public read rules count preview mode as public.

create or replace function public.is_public_parent(p_page_id uuid, p_blog_post_id uuid)
returns boolean
language sql
stable
set search_path = ''
as $$
  select case
    when p_page_id is not null then exists (
      select 1 from public.pages p where p.id = p_page_id and (p.is_published or p.preview_mode)
    )
    when p_blog_post_id is not null then exists (
      select 1 from public.blog_posts b
      where b.id = p_blog_post_id and b.is_published and (b.published_date is null or b.published_date <= now())
    )
    else false
  end;
$$;

comment on function public.is_public_parent(uuid, uuid) is
  'True when the page is published or in preview mode, or the post is live (published and not scheduled).';

drop policy "anyone reads published pages" on public.pages;
create policy "anyone reads published pages and pages in preview mode"
  on public.pages for select to anon
  using (is_published or preview_mode);

drop policy "signed-in users read published pages; admins read all" on public.pages;
create policy "signed-in users read published pages and previews; admins read all"
  on public.pages for select to authenticated
  using (is_published or preview_mode or (select public.is_admin()));

comment on column public.pages.preview_mode is
  'Built at its address while unpublished, noindex and out of the sitemap, for review before publishing.';
