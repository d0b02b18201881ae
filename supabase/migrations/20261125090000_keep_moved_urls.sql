-- Changed URLs keep working (D23): when a save changes the public path of a published post (its slug) or of a
-- published page (its custom_url, else /{slug}/), the same transaction adds an active 301 from the old path to the
-- new one. As in D7, chains collapse (rules that pointed at the old path now point at the new one) and no loop can
-- form (a rule from the new path, which now has content, is switched off).
--
-- The save functions are redefined with the same signatures and behaviour plus this step; they stay security
-- invoker, so only a caller who may write seo_redirects (an admin) can move a published item.

-- The public path of a stored page, as the build gives it (src/lib/sitemap/entries.ts pagePath): its custom_url,
-- else /{slug}/; always with the trailing slash the site's URLs have.
create function private.page_path(p_custom_url text, p_slug text)
returns text
language sql
immutable
security invoker
set search_path = ''
as $$
  select case
    when nullif(btrim(p_custom_url), '') is null then '/' || p_slug || '/'
    when btrim(p_custom_url) ~ '/$' then btrim(p_custom_url)
    else btrim(p_custom_url) || '/'
  end;
$$;

comment on function private.page_path(text, text) is 'The public path of a stored page: custom_url, else /{slug}/, with a trailing slash.';

-- Points p_old at p_new with an active 301. Returns true when a redirect was written.
create function private.add_moved_redirect(p_old text, p_new text)
returns boolean
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_old_key text := rtrim(p_old, '/');
  v_new_key text := rtrim(p_new, '/');
begin
  if v_old_key = v_new_key or v_old_key = '' then
    return false;
  end if;

  -- The new path now shows content: a rule sending it elsewhere would hide it (and would close a loop when an item
  -- moves back to an address it had before). Such rules are switched off, not deleted, so the Redirects tab still
  -- shows them.
  update public.seo_redirects
  set is_active = false
  where is_active and rtrim(from_url, '/') = v_new_key;

  -- Chains collapse: whatever pointed at the old path now points straight at the new one.
  update public.seo_redirects
  set to_url = p_new
  where rtrim(to_url, '/') = v_old_key and rtrim(from_url, '/') <> v_new_key;

  -- One rule per source path (with or without its trailing slash): an existing one is reused.
  update public.seo_redirects
  set to_url = p_new, redirect_type = 301, is_active = true
  where rtrim(from_url, '/') = v_old_key;
  if not found then
    insert into public.seo_redirects (from_url, to_url, redirect_type, is_active) values (p_old, p_new, 301, true);
  end if;
  return true;
end;
$$;

comment on function private.add_moved_redirect(text, text) is
  'D23: adds (or reuses) an active 301 from p_old to p_new, collapsing chains into p_old and switching off rules from p_new.';

create or replace function public.save_blog_post(
  p_post jsonb,
  p_blocks jsonb default null,
  p_sections jsonb default null,
  p_expected_updated_at timestamptz default null,
  p_change_note text default null
)
returns public.blog_posts
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_id uuid;
  v_current public.blog_posts;
  v_new public.blog_posts;
  v_saved public.blog_posts;
begin
  perform private.check_save_arguments(p_post, p_change_note);
  v_id := nullif(p_post ->> 'id', '')::uuid;

  if v_id is null then
    v_new := jsonb_populate_record(null::public.blog_posts, p_post);
  else
    -- Lock the row, so a concurrent save waits and then sees this one's updated_at.
    select * into v_current from public.blog_posts where id = v_id for update;
    if not found then
      perform private.raise_not_saved('public.blog_posts', v_id);
    end if;
    perform private.check_not_stale(v_current.updated_at, p_expected_updated_at);
    v_new := jsonb_populate_record(v_current, p_post);
  end if;

  if coalesce(btrim(v_new.title), '') = '' or coalesce(btrim(v_new.content), '') = '' then
    raise exception using errcode = '23514', message = 'Title and content are required';
  end if;

  begin
    v_id := private.write_row('public.blog_posts', v_id, p_post);
  exception when insufficient_privilege then
    raise exception using errcode = '42501', message = 'You do not have permission to save this item.';
  end;
  if v_id is null then
    raise exception using errcode = '42501', message = 'You do not have permission to save this item.';
  end if;

  perform private.save_children('public.content_blocks', 'blog_post_id', v_id, p_blocks);
  perform private.save_children('public.sections', 'blog_post_id', v_id, p_sections);

  select * into v_saved from public.blog_posts where id = v_id;

  -- D23: a published post whose slug changed keeps its old address as a 301.
  if v_current.id is not null and v_current.is_published and v_saved.slug <> v_current.slug then
    perform private.add_moved_redirect('/blog/' || v_current.slug || '/', '/blog/' || v_saved.slug || '/');
  end if;

  perform private.record_version(
    null,
    v_id,
    jsonb_build_object(
      'title', v_saved.title, 'slug', v_saved.slug, 'content', v_saved.content, 'updated_at', v_saved.updated_at
    ),
    p_change_note
  );
  return v_saved;
end;
$$;

create or replace function public.save_page(
  p_page jsonb,
  p_blocks jsonb default null,
  p_sections jsonb default null,
  p_expected_updated_at timestamptz default null,
  p_change_note text default null
)
returns public.pages
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_id uuid;
  v_current public.pages;
  v_new public.pages;
  v_saved public.pages;
  v_old_path text;
  v_new_path text;
begin
  perform private.check_save_arguments(p_page, p_change_note);
  v_id := nullif(p_page ->> 'id', '')::uuid;

  if v_id is null then
    v_new := jsonb_populate_record(null::public.pages, p_page);
  else
    select * into v_current from public.pages where id = v_id for update;
    if not found then
      perform private.raise_not_saved('public.pages', v_id);
    end if;
    perform private.check_not_stale(v_current.updated_at, p_expected_updated_at);
    v_new := jsonb_populate_record(v_current, p_page);
  end if;

  if coalesce(btrim(v_new.title), '') = '' then
    raise exception using errcode = '23514', message = 'Title is required';
  end if;

  begin
    v_id := private.write_row('public.pages', v_id, p_page);
  exception when insufficient_privilege then
    raise exception using errcode = '42501', message = 'You do not have permission to save this item.';
  end;
  if v_id is null then
    raise exception using errcode = '42501', message = 'You do not have permission to save this item.';
  end if;

  perform private.save_children('public.content_blocks', 'page_id', v_id, p_blocks);
  perform private.save_children('public.sections', 'page_id', v_id, p_sections);

  select * into v_saved from public.pages where id = v_id;

  -- D23: a published page whose public path changed keeps its old address as a 301.
  if v_current.id is not null and v_current.is_published then
    v_old_path := private.page_path(v_current.custom_url, v_current.slug);
    v_new_path := private.page_path(v_saved.custom_url, v_saved.slug);
    perform private.add_moved_redirect(v_old_path, v_new_path);
  end if;

  perform private.record_version(
    v_id,
    null,
    jsonb_build_object(
      'title', v_saved.title, 'slug', v_saved.slug, 'content', v_saved.content, 'updated_at', v_saved.updated_at
    ),
    p_change_note
  );
  return v_saved;
end;
$$;

revoke execute on function
  private.page_path(text, text),
  private.add_moved_redirect(text, text)
from public, anon;

grant execute on function
  private.page_path(text, text),
  private.add_moved_redirect(text, text)
to authenticated, service_role;
