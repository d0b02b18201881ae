-- #29 (D28): the SEO report of a build, made from its built HTML after it went live (scripts/publisher/seo-report.mjs):
-- `{ version, pages, total, counts, findings, truncated, duration_ms }`, where `counts` holds the findings by kind
-- and `total` all of them, and `findings` ({ kind, path, detail, target? }) at most 500 of them. Null until the
-- report is stored (a moment after the build went live), and for a build whose report could not be made: the report
-- is advice, and a build never fails for it. Written with the service role by the publisher and
-- scripts/deploy-build.mjs; staff read it with the build (the table's select grant and policy already cover new
-- columns). Bounded here as well as by the writer: at most 500 findings and 512 KB of JSON.
alter table public.site_builds
  add column seo_report jsonb
    constraint site_builds_seo_report_shape check (
      seo_report is null
      or (
        jsonb_typeof(seo_report) = 'object'
        and jsonb_typeof(seo_report -> 'findings') = 'array'
        and jsonb_array_length(seo_report -> 'findings') <= 500
        and octet_length(seo_report::text) <= 524288
      )
    );

comment on column public.site_builds.seo_report is
  'SEO report of the built HTML (advice, never a failure): findings by kind with the total, and at most 500 findings { kind, path, detail, target }.';
