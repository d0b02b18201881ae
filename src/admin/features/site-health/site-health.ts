/**
 * The Site health tab's words and reckoning (#29, D28), pure and unit-tested: a build's stored SEO report read
 * safely (it is JSON from the database), each kind of finding in staff's words, what changed since the previous
 * successful build, and where to fix a finding in the admin. The report itself is made by the publisher
 * (scripts/publisher/seo-report.mjs, whose SEO_KINDS these labels follow; tests/unit/site-health.test.ts keeps the
 * two lists equal).
 */
import { staticRoutes } from '../../../routes';
import { pagePath } from '../../../lib/sitemap/entries';
import { formatHash } from '../../lib/hash-route';
import { countOf } from '../../lib/plural';

export interface SeoFinding {
  kind: string;
  path: string;
  detail: string;
  target?: string;
}

export interface SeoReport {
  pages: number;
  total: number;
  counts: Record<string, number>;
  findings: SeoFinding[];
  truncated: boolean;
}

/** Each kind of finding in staff's words, in the order the tab lists them. */
export const KIND_LABELS: Record<string, string> = {
  'title-missing': 'No title',
  'title-duplicate': 'Duplicate title',
  'title-long': 'Title over 60 characters',
  'description-missing': 'No meta description',
  'description-long': 'Meta description over 160 characters',
  'h1-missing': 'No main heading (h1)',
  'h1-multiple': 'More than one main heading (h1)',
  'img-alt-missing': 'Image without alt text',
  'og-image-missing': 'No social image',
  'broken-link': 'Broken link',
  'broken-image': 'Missing image',
  'redirect-chain': 'Redirect chain',
  'redirect-loop': 'Redirect loop',
  'redirect-broken': 'Redirect to a missing page',
  'sitemap-noindex': 'Hidden page in the sitemap',
  'sitemap-missing': 'Page missing from the sitemap',
  'sitemap-not-a-page': 'Sitemap entry that is not a page',
  'canonical-elsewhere': 'Canonical URL points elsewhere',
  'jsonld-invalid': 'Structured data that does not parse',
  'jsonld-incomplete': 'Incomplete structured data',
};

export const kindLabel = (kind: string) => KIND_LABELS[kind] ?? kind;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A stored report (site_builds.seo_report), or null when there is none or it is not one. */
export function readReport(value: unknown): SeoReport | null {
  if (!isRecord(value) || !Array.isArray(value.findings)) return null;
  const findings = value.findings.filter(
    (f): f is SeoFinding =>
      isRecord(f) && typeof f.kind === 'string' && typeof f.path === 'string' && typeof f.detail === 'string',
  );
  const counts: Record<string, number> = {};
  if (isRecord(value.counts))
    for (const [k, n] of Object.entries(value.counts)) if (typeof n === 'number' && n > 0) counts[k] = n;
  const total = typeof value.total === 'number' ? value.total : findings.length;
  return {
    pages: typeof value.pages === 'number' ? value.pages : 0,
    total,
    counts: Object.keys(counts).length || !findings.length ? counts : countKinds(findings),
    findings,
    truncated: value.truncated === true || findings.length < total,
  };
}

function countKinds(findings: SeoFinding[]) {
  const counts: Record<string, number> = {};
  for (const f of findings) counts[f.kind] = (counts[f.kind] ?? 0) + 1;
  return counts;
}

/** The counts by kind in the tab's order (kinds it does not know last), without the empty ones. */
export function countsInOrder(report: SeoReport): Array<{ kind: string; label: string; count: number }> {
  const order = Object.keys(KIND_LABELS);
  return Object.entries(report.counts)
    .filter(([, n]) => n > 0)
    .sort(([a], [b]) => (order.indexOf(a) + 1 || 99) - (order.indexOf(b) + 1 || 99) || a.localeCompare(b))
    .map(([kind, count]) => ({ kind, label: kindLabel(kind), count }));
}

/** What makes a finding the same from one build to the next: its kind, page and what it is about (not its words). */
export const findingKey = (f: SeoFinding) => `${f.kind} ${f.path} ${f.target ?? ''}`;

export interface ReportChanges {
  /** Findings of the live build the previous one did not have. */
  added: SeoFinding[];
  /** Findings of the previous build the live one no longer has. */
  fixed: SeoFinding[];
  /** Either report stored only part of its findings: the figures are of what was stored. */
  partial: boolean;
}

/** What changed between the previous successful build's report and the live one's. */
export function reportChanges(live: SeoReport, previous: SeoReport): ReportChanges {
  const before = new Set(previous.findings.map(findingKey));
  const now = new Set(live.findings.map(findingKey));
  return {
    added: live.findings.filter((f) => !before.has(findingKey(f))),
    fixed: previous.findings.filter((f) => !now.has(findingKey(f))),
    partial: live.truncated || previous.truncated,
  };
}

/** '2 new problems, 5 fixed since the previous build', 'No change since the previous build'. */
export function changesText(changes: ReportChanges): string {
  const { added, fixed, partial } = changes;
  const text =
    !added.length && !fixed.length
      ? 'No change since the previous build'
      : `${countOf(added.length, 'new problem')}, ${fixed.length} fixed since the previous build`;
  return partial ? `${text} (among the findings stored)` : text;
}

/** The findings about the page, the head (Page SEO can fix it), the redirects and the sitemap. */
const HEAD_KINDS = new Set([
  'title-missing',
  'title-duplicate',
  'title-long',
  'description-missing',
  'description-long',
  'og-image-missing',
  'canonical-elsewhere',
  'jsonld-invalid',
  'jsonld-incomplete',
]);

export interface EditTarget {
  /** The admin's hash route, e.g. '#blog/12'. */
  hash: string;
  /** The link's words: 'Edit post', 'Edit page', 'Page SEO', 'Redirects', 'Sitemap'. */
  label: string;
}

const withSlash = (p: string) => (p.endsWith('/') ? p : `${p}/`);

/**
 * Where in the admin a finding can be fixed: the post's or the stored page's editor, the route's Page SEO (for what
 * is in the head of a built-in page), the Redirects or Sitemap tab; undefined where no editor holds it (the text of
 * a built-in page is its template's).
 */
export function editTarget(
  finding: SeoFinding,
  pages: ReadonlyArray<{ id: string; slug: string; custom_url: string | null }>,
  posts: ReadonlyArray<{ id: string; slug: string }>,
): EditTarget | undefined {
  if (finding.kind.startsWith('redirect-')) return { hash: formatHash({ tab: 'redirects' }), label: 'Redirects' };
  if (finding.kind.startsWith('sitemap-')) return { hash: formatHash({ tab: 'sitemap' }), label: 'Sitemap' };
  const path = withSlash(finding.path);
  const post = /^\/blog\/([^/]+)\/$/.exec(path)?.[1];
  if (post && post !== 'page') {
    const row = posts.find((p) => p.slug === decodeURIComponent(post));
    if (row) return { hash: formatHash({ tab: 'blog', item: row.id }), label: 'Edit post' };
  }
  const page = pages.find((p) => withSlash(pagePath(p)) === path);
  if (page) return { hash: formatHash({ tab: 'pages', item: page.id }), label: 'Edit page' };
  const route = staticRoutes.find((r) => r.path === path);
  if (route?.pageSeo && HEAD_KINDS.has(finding.kind))
    return { hash: formatHash({ tab: 'page-seo', item: route.path }), label: 'Page SEO' };
  return undefined;
}
