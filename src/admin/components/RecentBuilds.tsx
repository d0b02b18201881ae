/**
 * 'Recent builds': the last ten builds, newest first (when, what asked, the outcome, the time, the pages and the SEO
 * problems its report found, #29), in a popover. Its own chunk, loaded when staff first reach for the button
 * (PublishStatus): the popover's positioning code is about 11 KB gzip the dashboard's first load does without.
 */
import { useState } from 'react';
import { format } from 'date-fns/format';
import { useRecentBuildsQuery } from '../data/builds/recent-builds-query';
import { Button } from '../../components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '../../components/ui/popover';
import { seoProblems } from '../data/builds/build-summary';
import { pagesText, seoProblemsText } from './pages-text';

const STATUS_WORD = { queued: 'Queued', building: 'Building', succeeded: 'Live', failed: 'Failed' } as const;
/** What asked for a build, in staff's words (site_builds.trigger). */
const TRIGGER_WORD: Record<string, string> = {
  admin: 'admin',
  cli: 'command line',
  schedule: 'scheduled post',
  startup: 'start-up',
  deploy: 'deploy',
};

export default function RecentBuilds({ initiallyOpen = false }: { initiallyOpen?: boolean }) {
  const [open, setOpen] = useState(initiallyOpen);
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
                {b.status === 'succeeded' && (
                  <p className="text-stone-700">
                    {pagesText(b)}
                    {/* Its SEO report (#29), once stored. */}
                    {seoProblems(b) !== null && ` · ${seoProblemsText(seoProblems(b) ?? 0)}`}
                  </p>
                )}
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
