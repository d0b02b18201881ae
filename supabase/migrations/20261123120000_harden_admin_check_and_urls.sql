-- Two findings of the database review (issue #16).
--
-- 1. is_admin() is security definer (the policies need it to read user_roles past their own RLS), and as a
--    function of the exposed `public` schema it was callable through /rest/v1/rpc/is_admin, which Supabase's
--    advisor reports. It moves to the private schema, which the Data API does not expose; the policies follow
--    it (they refer to the function itself, not its name). public.is_admin() stays for callers that ask "am I an
--    admin?" (rebuild-site, the publisher), as a security invoker function that reads the caller's own role.
alter function public.is_admin() set schema private;
comment on function private.is_admin() is 'Whether the current user has the admin role; used by RLS policies. Not exposed through the API.';
revoke execute on function private.is_admin() from public, anon;
grant execute on function private.is_admin() to authenticated, service_role;

create function public.is_admin() returns boolean
language sql
stable
security invoker
set search_path = ''
as $$
  select exists (
    select 1 from public.user_roles where user_id = (select auth.uid()) and role = 'admin'
  )
$$;
comment on function public.is_admin() is 'Whether the caller has the admin role (security invoker: reads the caller''s own user_roles row under RLS).';
revoke execute on function public.is_admin() from public, anon;
grant execute on function public.is_admin() to authenticated, service_role;

-- 2. URL columns took any scheme: a javascript: canonical or image ended up in page heads and <img src>, and a
--    malformed host failed every build. Each now holds an http(s) URL with a plain host, or a root-relative path
--    that cannot be read as another host (//host, /\host).
do $$
declare
  col record;
  web_url constant text :=
    '^(/([^/\\[:space:]][^\\[:space:]]*)?|https?://[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?(:[0-9]{1,5})?([/?#][^\\[:space:]]*)?)$';
begin
  for col in
    select c.table_name, c.column_name
    from information_schema.columns c
    where c.table_schema = 'public'
      and c.column_name in ('author_image', 'avatar_url', 'canonical_url', 'default_og_image', 'favicon_url',
                            'featured_image', 'og_image', 'twitter_image')
  loop
    execute format(
      'alter table public.%I add constraint %I check (%I ~ %L)',
      col.table_name, col.table_name || '_' || col.column_name || '_web_url', col.column_name, web_url
    );
  end loop;
end
$$;

-- Redirect sources and targets: a path starting // or /\ is read by browsers as another host (an open redirect).
alter table public.seo_redirects
  add constraint seo_redirects_from_url_not_protocol_relative check (from_url !~ '^/[/\\]'),
  add constraint seo_redirects_to_url_not_protocol_relative check (to_url !~ '^/[/\\]');
