-- Incremental publishing (#17): how many of a build's pages it rendered and how many it copied unchanged from the
-- previous build. Written with the service role by the publisher and scripts/deploy-build.mjs; staff read them in
-- the admin's build status (the table's select grant and policy already cover new columns).

alter table public.site_builds
  add column pages_rendered integer check (pages_rendered >= 0),
  add column pages_reused integer check (pages_reused >= 0);

comment on column public.site_builds.pages_rendered is 'HTML pages this build rendered (null when the build did not say).';
comment on column public.site_builds.pages_reused is 'HTML pages this build copied from the previous build because nothing they show had changed.';
