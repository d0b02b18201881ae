/**
 * Site health (#29, D28): the SEO report of the live build, made by the publisher from the built HTML after the
 * build went live. Counts by kind, then each finding with its page, a link to fix it in the admin where an editor
 * holds it, and a link to the live page; what changed since the previous successful build ('2 new problems, 5
 * fixed'). Advice only: no finding ever stops a publish. Its own tab, loaded when first opened (React.lazy in
 * AdminApp), so the dashboard's first load carries none of it.
 */
import { useEffect, useRef, useState } from 'react';
import { useSiteHealthQuery } from '../../data/builds/site-health-query';
import { useLatestBuildQuery } from '../../data/builds/latest-build-query';
import { seoProblems } from '../../data/builds/build-summary';
import { usePagesQuery } from '../../data/pages/pages-query';
import { useBlogPostsQuery } from '../../data/blog-posts/blog-posts-query';
import { Badge } from '../../../components/ui/badge';
import { NativeSelect } from '../../../components/ui/native-select';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { Panel } from '../../components/Panel';
import { LoadFailed } from '../../components/QueryState';
import { PathText } from '../../components/PathText';
import { seoProblemsText } from '../../components/pages-text';
import { useSite } from '../../lib/site';
import { timeAgo } from '../../lib/time-ago';
import {
  changesText,
  countsInOrder,
  editTarget,
  findingKey,
  kindLabel,
  readReport,
  reportChanges,
  type SeoFinding,
} from './site-health';

export default function SiteHealthTab() {
  const health = useSiteHealthQuery();
  // The status bar follows the latest build: when another goes live or its report arrives, read the report again.
  const latest = useLatestBuildQuery().data;
  const latestLive = latest?.status === 'succeeded' ? `${latest.id} ${seoProblems(latest)}` : '';
  const { refetch } = health;
  const seen = useRef(latestLive);
  useEffect(() => {
    if (!latestLive || latestLive === seen.current) return;
    seen.current = latestLive;
    void refetch();
  }, [latestLive, refetch]);
  if (health.isPending) return <Spinner label="Loading the site health report" />;
  if (health.isError) return <LoadFailed query={health} what="site health report" />;
  const { live, previous } = health.data;
  const report = live && readReport(live.seo_report);
  return (
    <div className="space-y-6">
      <Panel title="Site health">
        <div className="space-y-3 text-sm">
          <p className="text-stone-700">
            What search engines and guests meet in the live site, checked page by page in the built HTML after each
            publish: titles, descriptions, headings, alt texts, social images, broken links and images, redirects, the
            sitemap, canonical URLs and structured data. It is advice: a publish never fails for it.
          </p>
          {!live ? (
            <p>No build is live yet.</p>
          ) : !report ? (
            <p>
              The live build has no report yet: it is checked a few seconds after it goes live (if the check could not
              run, the next publish tries again).
            </p>
          ) : (
            <Summary
              report={report}
              previous={readReport(previous?.seo_report)}
              when={live.finished_at ? timeAgo(new Date(live.finished_at)) : ''}
            />
          )}
        </div>
      </Panel>
      {report && report.findings.length > 0 && (
        <Findings findings={report.findings} added={reportAdded(report, previous?.seo_report)} />
      )}
    </div>
  );
}

/** The keys of the live report's findings that are new since the previous report (none without one). */
function reportAdded(report: NonNullable<ReturnType<typeof readReport>>, previous: unknown) {
  const before = readReport(previous);
  return new Set(before ? reportChanges(report, before).added.map(findingKey) : []);
}

function Summary({
  report,
  previous,
  when,
}: {
  report: NonNullable<ReturnType<typeof readReport>>;
  previous: ReturnType<typeof readReport>;
  when: string;
}) {
  const changes = previous && reportChanges(report, previous);
  return (
    <>
      <p>
        <span className="text-base font-semibold" data-seo-total={report.total}>
          {seoProblemsText(report.total)}
        </span>{' '}
        in {report.pages} pages of the live build{when ? `, published ${when}` : ''}.
        {changes && <span data-testid="seo-changes"> {changesText(changes)}.</span>}
      </p>
      {report.truncated && (
        <p className="text-stone-700">
          The report keeps {report.findings.length} of its {report.total} findings, a share of each kind; the counts are
          of all of them.
        </p>
      )}
      {report.total > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Problems by kind">
          {countsInOrder(report).map((c) => (
            <li key={c.kind} data-kind={c.kind}>
              <Badge variant="outline">
                {c.label}: {c.count}
              </Badge>
            </li>
          ))}
        </ul>
      )}
      {changes && changes.fixed.length > 0 && (
        <details>
          <summary className="cursor-pointer">Fixed since the previous build ({changes.fixed.length})</summary>
          <ul className="mt-2 space-y-1" aria-label="Fixed since the previous build">
            {changes.fixed.map((f) => (
              <li key={findingKey(f)}>
                {kindLabel(f.kind)}: <PathText path={f.path} className="font-mono" />
              </li>
            ))}
          </ul>
        </details>
      )}
    </>
  );
}

function Findings({ findings, added }: { findings: SeoFinding[]; added: Set<string> }) {
  const site = useSite();
  const pages = usePagesQuery();
  const posts = useBlogPostsQuery();
  const [kind, setKind] = useState('');
  const kinds = [...new Set(findings.map((f) => f.kind))];
  const shown = kind ? findings.filter((f) => f.kind === kind) : findings;
  return (
    <Panel title="Problems">
      <div className="space-y-4">
        <div className="max-w-sm space-y-1">
          <Label htmlFor="site-health-kind">Show</Label>
          <NativeSelect id="site-health-kind" value={kind} onChange={(e) => setKind(e.target.value)}>
            <option value="">Every kind</option>
            {kinds.map((k) => (
              <option key={k} value={k}>
                {kindLabel(k)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <ul className="divide-y divide-stone-200" aria-label="SEO problems">
          {shown.map((f) => {
            const edit = editTarget(f, pages.data ?? [], posts.data ?? []);
            return (
              <li key={findingKey(f)} className="space-y-1 py-3 text-sm" data-kind={f.kind} data-path={f.path}>
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold">{kindLabel(f.kind)}</span>
                  {added.has(findingKey(f)) && <Badge>New</Badge>}
                  <PathText path={f.path} className="font-mono" />
                </p>
                <p className="break-words text-stone-700">{f.detail}</p>
                <p className="flex flex-wrap gap-4">
                  {edit && (
                    <a className="underline" href={edit.hash}>
                      {edit.label}
                      <span className="sr-only"> for {f.path}</span>
                    </a>
                  )}
                  <a
                    className="underline"
                    href={/^https?:\/\//.test(f.path) ? f.path : `${site.origin}${f.path}`}
                    target="_blank"
                    rel="noreferrer"
                  >
                    View live page<span className="sr-only"> {f.path} (opens in a new tab)</span>
                  </a>
                </p>
              </li>
            );
          })}
        </ul>
      </div>
    </Panel>
  );
}
