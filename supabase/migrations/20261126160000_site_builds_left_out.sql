-- #26: a build that leaves out a stored value it cannot use (a row, a page, a column) names it, and the names are kept
-- with the build, not only in the tail of its log: `left_out` holds each `[content] <table> <row> <column>: …` line
-- the build printed (at most 200). Written with the service role by the publisher and scripts/deploy-build.mjs; staff
-- read it with the build (the table's select grant and policy already cover new columns).
alter table public.site_builds
  add column left_out text[] not null default '{}' check (cardinality(left_out) <= 200);

comment on column public.site_builds.left_out is
  'What this build left out or showed as plain text because a stored value could not be used: one line each, naming table, row and column.';
