/**
 * The columns the status bar and Recent builds read of a build: its figures, without the log tail (20,000
 * characters) or the SEO report (up to 500 findings), which would be fetched again every second while a build runs;
 * of the report only its total, as `seo_total` (#29: null until the report is stored, and for a build without one).
 */
import type { Tables } from '../../lib/supabase';

export const BUILD_SUMMARY_COLUMNS =
  'id, status, trigger, requested_at, started_at, finished_at, duration_ms, page_count, pages_rendered, pages_reused, error, seo_total:seo_report->total';

export type BuildSummary = Pick<
  Tables<'site_builds'>,
  | 'id'
  | 'status'
  | 'trigger'
  | 'requested_at'
  | 'started_at'
  | 'finished_at'
  | 'duration_ms'
  | 'page_count'
  | 'pages_rendered'
  | 'pages_reused'
  | 'error'
> & {
  /** The SEO report's total of findings (a number), or null when the build has no report. */
  seo_total: unknown;
};

/** The SEO problems of a build, or null when it has no report (yet, or the check did not run). */
export const seoProblems = (build: Pick<BuildSummary, 'seo_total'>): number | null =>
  typeof build.seo_total === 'number' ? build.seo_total : null;
