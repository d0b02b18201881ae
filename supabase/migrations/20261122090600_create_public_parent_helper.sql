-- Blocks, sections and versions belong to exactly one page or post; the public may see a child row only when its
-- parent is public. One helper keeps that rule in one place for every child table's policies.

create or replace function public.is_public_parent(p_page_id uuid, p_blog_post_id uuid)
returns boolean
language sql
stable
set search_path = ''
as $$
  select case
    when p_page_id is not null then exists (
      select 1 from public.pages p where p.id = p_page_id and p.is_published
    )
    when p_blog_post_id is not null then exists (
      select 1 from public.blog_posts b
      where b.id = p_blog_post_id and b.is_published and (b.published_date is null or b.published_date <= now())
    )
    else false
  end;
$$;

comment on function public.is_public_parent(uuid, uuid) is 'True when the page is published or the post is live (published and not scheduled).';
