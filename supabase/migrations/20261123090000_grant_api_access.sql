-- Explicit Data API grants, table by table. Since 30 October 2026 hosted Supabase no longer grants new tables in
-- `public` to anon, authenticated and service_role by default (changelog 45329), so every privilege the API needs
-- is written here. Row-level security still decides the rows; a grant only opens the operation to the role, and
-- each one matches a policy for that role and operation (tests/integration/grants.test.ts keeps the two in step).
--
-- Start from nothing, so that a project created before the change (which had Supabase's old default grants on
-- every table) ends up with exactly the same privileges as a new one.
revoke all on all tables in schema public from anon, authenticated, service_role;
revoke all on all sequences in schema public from anon, authenticated, service_role;

-- The public site (anon at build time, D2) and signed-in users read what the public may see.
grant select on
  public.blog_posts,
  public.categories,
  public.contact_details,
  public.content_blocks,
  public.pages,
  public.reviews,
  public.sections,
  public.seo_redirects,
  public.seo_settings,
  public.sitemap_entries,
  public.static_page_seo
to anon;

-- Visitors may add a contact message or a newsletter address, through the form's columns only.
grant insert (first_name, last_name, email, phone, subject, message) on public.contact_submissions to anon;
grant insert (email, source) on public.newsletter_subscribers to anon;

-- Signed-in users: the admin role's full editing rights; the policies confine everyone else to reading public
-- content and their own profile and role.
grant select, insert, update, delete on
  public.blog_posts,
  public.categories,
  public.contact_details,
  public.contact_submissions,
  public.content_blocks,
  public.content_versions,
  public.newsletter_subscribers,
  public.pages,
  public.profiles,
  public.reviews,
  public.sections,
  public.seo_redirects,
  public.seo_settings,
  public.sitemap_entries,
  public.static_page_seo,
  public.user_roles
to authenticated;
-- Staff read the build history; only the service role writes it.
grant select on public.site_builds to authenticated;

-- The service role (publisher, rebuild-site, deploy-build, admin:create; never in a browser) bypasses RLS and
-- works on every table.
grant select, insert, update, delete on all tables in schema public to service_role;
grant usage, select on all sequences in schema public to service_role;

-- Functions keep the explicit grants their own migrations give them (is_admin to authenticated and service_role;
-- is_public_parent to everyone, as policies for anon call it; trigger functions to nobody).
