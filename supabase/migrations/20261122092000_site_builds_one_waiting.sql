-- At most one build waits (D17): requests that arrive while a build is queued join it. The rebuild-site function
-- relies on this index when two requests race: the second insert fails and the request joins the queued build.
create unique index site_builds_one_queued_idx on public.site_builds ((true)) where status = 'queued';
