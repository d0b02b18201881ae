/**
 * The publish status, always in view (D17): the latest build (queued, building, live with the time it took,
 * failed with its error and a retry) and 'Publish now'.
 */
import { useState } from 'react';
import { formatDistanceToNow } from 'date-fns/formatDistanceToNow';
import { useLatestBuildQuery } from '../data/builds/latest-build-query';
import { usePublish } from '../lib/publish';
import { toast } from '../lib/toast';
import { Button } from '../../components/ui/button';

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
    text = `Live: published ${when} (built in ${secs} s, ${build.page_count ?? 0} pages).`;
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
      <div className="flex gap-2">
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
