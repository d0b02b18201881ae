/**
 * The publish status, always in view (D17): the latest build (queued, building, live with the time it took and
 * how many pages it rendered or reused from the previous build, failed with its error and a retry), 'Publish now',
 * and the last ten builds under 'Recent builds'.
 */
import { useState } from 'react';
import { format } from 'date-fns/format';
import { formatDistanceToNow } from 'date-fns/formatDistanceToNow';
import { useLatestBuildQuery } from '../data/builds/latest-build-query';
import { useRecentBuildsQuery } from '../data/builds/recent-builds-query';
import { countOf } from '../lib/plural';
import { usePublish } from '../lib/publish';
import { toast } from '../lib/toast';
import { Button } from '../../components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '../../components/ui/popover';
import type { Tables } from '../lib/supabase';

/** '28 pages: 21 rendered, 7 reused', or '28 pages' ('1 page') for a build that did not count them. */
export function pagesText(build: Pick<Tables<'site_builds'>, 'page_count' | 'pages_rendered' | 'pages_reused'>) {
  const pages = countOf(build.page_count ?? 0, 'page');
  return build.pages_rendered === null || build.pages_reused === null
    ? pages
    : `${pages}: ${build.pages_rendered} rendered, ${build.pages_reused} reused`;
}

const STATUS_WORD = { queued: 'Queued', building: 'Building', succeeded: 'Live', failed: 'Failed' } as const;
/** What asked for a build, in staff's words (site_builds.trigger). */
const TRIGGER_WORD: Record<string, string> = {
  admin: 'admin',
  cli: 'command line',
  schedule: 'scheduled post',
  startup: 'start-up',
  deploy: 'deploy',
};

/** The last ten builds, newest first: when, what asked, the outcome, the time and the pages. */
function RecentBuilds() {
  const [open, setOpen] = useState(false);
  const { data, isError } = useRecentBuildsQuery(open);
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button type="button" variant="secondary">
          Recent builds
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" className="w-[26rem]">
        <h2 className="font-semibold">Recent builds</h2>
        {isError ? (
          <p className="mt-2 text-sm">Build history unavailable.</p>
        ) : !data ? (
          <p className="mt-2 text-sm">Loading…</p>
        ) : !data.length ? (
          <p className="mt-2 text-sm">No builds yet.</p>
        ) : (
          <ol className="mt-2 divide-y divide-stone-200 text-sm" data-testid="recent-builds">
            {data.map((b) => (
              <li key={b.id} className="py-2">
                <p>
                  <span className="font-semibold">{STATUS_WORD[b.status]}</span>
                  {' · '}
                  {format(new Date(b.requested_at), 'MMM d, HH:mm:ss')}
                  {' · '}
                  {TRIGGER_WORD[b.trigger] ?? b.trigger}
                  {b.duration_ms !== null && ` · ${(b.duration_ms / 1000).toFixed(1)} s`}
                </p>
                {b.status === 'succeeded' && <p className="text-stone-700">{pagesText(b)}</p>}
                {b.status === 'failed' && b.error && (
                  <p className="break-words text-red-800">{b.error.split('\n')[0]}</p>
                )}
              </li>
            ))}
          </ol>
        )}
      </PopoverContent>
    </Popover>
  );
}

export default function PublishStatus() {
  const { data: build, isError } = useLatestBuildQuery();
  const { publishNow } = usePublish();
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
  } else if (build?.status === 'queued') {
    text = 'Publish queued…';
    tone = 'bg-amber-50 text-amber-900';
  } else if (build?.status === 'building') {
    text = 'Publishing… your changes will be live in a few seconds.';
    tone = 'bg-amber-50 text-amber-900';
  } else if (build?.status === 'succeeded') {
    const secs = ((build.duration_ms ?? 0) / 1000).toFixed(1);
    const when = build.finished_at ? formatDistanceToNow(new Date(build.finished_at), { addSuffix: true }) : '';
    text = `Live: published ${when} (built in ${secs} s, ${pagesText(build)}).`;
    tone = 'bg-emerald-50 text-emerald-900';
  } else if (build?.status === 'failed') {
    text = `Publish failed: ${(build.error ?? 'unknown error').split('\n').slice(0, 2).join(' ')}. The previous site is still live.`;
    tone = 'bg-red-50 text-red-900';
  }
  const busy = build?.status === 'queued' || build?.status === 'building';
  return (
    <div
      className={`flex flex-wrap items-center justify-between gap-3 rounded-md px-4 py-3 text-sm ${tone}`}
      role="status"
      aria-live="polite"
      data-build-status={build?.status ?? 'none'}
    >
      <p className="min-w-0 break-words">{text}</p>
      <div className="flex flex-wrap gap-2">
        <RecentBuilds />
        {build?.status === 'failed' && (
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
