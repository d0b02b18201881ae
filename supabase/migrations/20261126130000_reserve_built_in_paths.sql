-- #26: stored pages cannot take a built-in address, an address the build cannot write, or one it would write
-- somewhere else; and moving a page never writes a redirect from a built-in address.
--
-- The red team's findings: a published page whose slug or address was `admin`, `blog`, `sitemap`, `/sitemap.xml/` or
-- `/_astro/` was never built, and moving it wrote a forced 301 from that built-in path (and rewrote the seeded
-- `/old-blog/ -> /blog/` rule, since chains into the old path collapse); an address with `.` or `..` segments
-- (`/../menu/`, `/./admin/`) failed every build, even as a draft in preview mode.

-- The first path segments fixed in code: every static route of src/routes.ts that no stored page owns, and the
-- system pages (RESERVED_SEGMENTS there). tests/integration/reserved-paths.test.ts fails when the two differ, so a
-- new route comes with a migration that adds its segment.
create table private.reserved_path_segments (segment text primary key);
comment on table private.reserved_path_segments is
  'First path segments of built-in routes (src/routes.ts RESERVED_SEGMENTS); no stored page may live under them.';
insert into private.reserved_path_segments (segment) values
  ('about'), ('accommodation'), ('experience'), ('gallery'), ('booking'), ('contact'), ('location'), ('blog'),
  ('reviews'), ('thank-you'), ('privacy'), ('terms'), ('sitemap'), ('404'), ('500'), ('admin'),
  ('mandala-admin-portal');

-- The built-in routes a stored page may replace whole (D20, the Content List's pages but the home page).
create table private.convertible_paths (path text primary key);
comment on table private.convertible_paths is
  'Static routes a published stored page may replace (D20): custom_url exactly one of these.';
insert into private.convertible_paths (path) values
  ('/about/'), ('/accommodation/'), ('/experience/'), ('/gallery/'), ('/booking/'), ('/contact/'), ('/location/'),
  ('/blog/');

revoke all on private.reserved_path_segments, private.convertible_paths from public, anon;
grant select on private.reserved_path_segments, private.convertible_paths to authenticated, service_role;

-- Why a path cannot be a stored page's address, or null. The shape (src/lib/paths.ts pageAddressProblem says the same):
-- lower-case segments that start with a letter or digit (so no `.`, `..`, `_astro`, `.well-known`), and a first
-- segment without a dot (so no `sitemap.xml`, `rss.xml`, `robots.txt`: files the build writes at the root).
create function private.page_address_problem(p_path text)
returns text
language sql
stable
security invoker
set search_path = ''
as $$
  select case
    when p_path is null then null
    when p_path !~ '^/[a-z0-9][a-z0-9_~-]*/([a-z0-9][a-z0-9._~-]*/)*$' then
      p_path || ' is not a page address: lower-case letters, digits and hyphens between slashes, e.g. /monsoon-retreats/'
    when exists (select 1 from private.convertible_paths c where c.path = p_path) then null
    when exists (select 1 from private.reserved_path_segments s where s.segment = split_part(p_path, '/', 2)) then
      p_path || ' belongs to a page built into the site; choose another URL'
  end
$$;
comment on function private.page_address_problem(text) is
  '#26: why a path cannot be a stored page''s address (shape, built-in routes), or null.';

create function private.check_page_address()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_problem text := private.page_address_problem(private.page_path(new.custom_url, new.slug));
begin
  if v_problem is not null then
    raise exception using errcode = '23514', message = v_problem;
  end if;
  return new;
end;
$$;
comment on function private.check_page_address() is '#26: refuses a stored page whose address is built in or malformed.';

create trigger pages_check_address
  before insert or update of slug, custom_url on public.pages
  for each row execute function private.check_page_address();

-- Whether a path lies in a built-in part of the site (its first segment is a reserved one, or it is /).
create function private.is_built_in_path(p_path text)
returns boolean
language sql
stable
security invoker
set search_path = ''
as $$
  select p_path = '/'
    or exists (select 1 from private.reserved_path_segments s where s.segment = split_part(p_path, '/', 2))
$$;
comment on function private.is_built_in_path(text) is '#26: whether a path belongs to a built-in route (or /).';

-- D23's automatic 301 comes only from an address the item really had. A post's address is /blog/<slug>/, the one
-- built-in prefix whose addresses are content. A page's old address in a built-in part of the site (one it held
-- before this migration, or a converted route such as /about/, whose template comes back when the page moves away)
-- gets no redirect, and then nothing else changes either: no chain into it is collapsed (the seeded
-- /old-blog/ -> /blog/ rule stays), no rule is switched off.
create or replace function private.add_moved_redirect(p_old text, p_new text)
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
  if not (p_old ~ '^/blog/[a-z0-9-]+/$' and p_new ~ '^/blog/[a-z0-9-]+/$') and private.is_built_in_path(p_old) then
    return false;
  end if;

  update public.seo_redirects
  set is_active = false
  where is_active and rtrim(from_url, '/') = v_new_key;

  update public.seo_redirects
  set to_url = p_new
  where rtrim(to_url, '/') = v_old_key and rtrim(from_url, '/') <> v_new_key;

  update public.seo_redirects
  set to_url = p_new, redirect_type = 301, is_active = true
  where rtrim(from_url, '/') = v_old_key;
  if not found then
    insert into public.seo_redirects (from_url, to_url, redirect_type, is_active) values (p_old, p_new, 301, true);
  end if;
  return true;
end;
$$;

revoke execute on function
  private.page_address_problem(text),
  private.check_page_address(),
  private.is_built_in_path(text)
from public, anon;
grant execute on function
  private.page_address_problem(text),
  private.check_page_address(),
  private.is_built_in_path(text)
to authenticated, service_role;

-- Sitemap custom URLs: a path on this site and nothing the build would read as another host. A backslash (which URL
-- parsers read as a slash: `/\evil.example/` is `//evil.example/`), an empty segment or a dot segment is refused.
-- NOT VALID: every write from now on; the build leaves out an older row it cannot use (src/lib/sitemap/entries.ts).
alter table public.sitemap_entries
  add constraint sitemap_entries_url_plain_path
  check (url !~ '[\\]' and url !~ '//' and url !~ '/\.{1,2}(/|$)') not valid;
