/**
 * The publish status, always in view (D17): the latest build (queued, building, live with the time it took and
 * how many pages it rendered or reused from the previous build, and its SEO problems when its report found any,
 * #29; failed with its error and a retry), 'Publish now', and the last ten builds under 'Recent builds'. From a
 * save until its request is in the queue, it says 'Publish queued…' whatever the latest build was, so that the
 * build running before the save cannot show as the save being live.
 */
import { Suspense, lazy, useState } from 'react';
import { useLatestBuildQuery } from '../data/builds/latest-build-query';
import { seoProblems } from '../data/builds/build-summary';
import { shownBuildStatus, usePublish } from '../lib/publish';
import { timeAgo } from '../lib/time-ago';
import { toast } from '../lib/toast';
import { Button } from '../../components/ui/button';
import { pagesText, seoProblemsText } from './pages-text';

export { pagesText };

const loadRecentBuilds = () => import('./RecentBuilds');
const RecentBuilds = lazy(loadRecentBuilds);

/**
 * 'Recent builds' as a plain button until staff reach for it (pointer or focus starts loading the popover's
 * chunk; a click opens it as soon as it is there).
 */
function RecentBuildsButton() {
  const [wanted, setWanted] = useState(false);
  const button = (onClick?: () => void) => (
    <Button
      type="button"
      variant="secondary"
      onPointerEnter={() => void loadRecentBuilds()}
      onFocus={() => void loadRecentBuilds()}
      onClick={onClick}
    >
      Recent builds
    </Button>
  );
  if (!wanted) return button(() => setWanted(true));
  return (
    <Suspense fallback={button()}>
      <RecentBuilds initiallyOpen />
    </Suspense>
  );
}

export default function PublishStatus() {
  const { data: build, isError } = useLatestBuildQuery();
  const { publishNow, waiting } = usePublish();
  const status = shownBuildStatus(build?.status, waiting);
  const [asking, setAsking] = useState(false);

  async function publish() {
    setAsking(true);
    const error = await publishNow();
    setAsking(false);
    if (error) toast.error('Failed to publish', error);
  }

  let text = 'Not published from here yet.';
  let tone = 'bg-stone-100 text-stone-800';
  if (isError) {
    text = 'Publish status unavailable.';
  } else if (status === 'queued') {
    text = 'Publish queued…';
    tone = 'bg-amber-50 text-amber-900';
  } else if (status === 'building') {
    text = 'Publishing… your changes will be live in a few seconds.';
    tone = 'bg-amber-50 text-amber-900';
  } else if (status === 'succeeded' && build) {
    const secs = ((build.duration_ms ?? 0) / 1000).toFixed(1);
    const when = build.finished_at ? timeAgo(new Date(build.finished_at)) : '';
    text = `Live: published ${when} (built in ${secs} s, ${pagesText(build)}).`;
    tone = 'bg-emerald-50 text-emerald-900';
  } else if (status === 'failed' && build) {
    text = `Publish failed: ${(build.error ?? 'unknown error').split('\n').slice(0, 2).join(' ')}. The previous site is still live.`;
    tone = 'bg-red-50 text-red-900';
  }
  const busy = status === 'queued' || status === 'building';
  // The live build's SEO report (#29), when it found something: a link to the Site health tab.
  const problems = status === 'succeeded' && build ? (seoProblems(build) ?? 0) : 0;
  return (
    <div
      className={`flex flex-wrap items-center justify-between gap-3 rounded-md px-4 py-3 text-sm ${tone}`}
      role="status"
      aria-live="polite"
      data-build-status={status ?? 'none'}
    >
      <p className="min-w-0 break-words">
        {text}
        {problems > 0 && (
          <>
            {' '}
            <a href="#health" className="font-semibold underline" data-seo-problems={problems}>
              {seoProblemsText(problems)}
            </a>
          </>
        )}
      </p>
      <div className="flex flex-wrap gap-2">
        <RecentBuildsButton />
        {status === 'failed' && (
          <Button type="button" variant="secondary" onClick={publish} disabled={asking}>
            Retry
          </Button>
        )}
        <Button type="button" onClick={publish} disabled={asking || busy}>
          Publish now
        </Button>
      </div>
    </div>
  );
}
