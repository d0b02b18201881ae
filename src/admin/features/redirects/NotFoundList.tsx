/**
 * The Not found list (#29, D28): the paths guests and crawlers asked for that the site does not have, as the 404
 * page reported them, most hit first, with their count, when last seen and the host that linked to them. 'Create
 * redirect' fills the redirect form with the path and the closest live address; 'Ignore' hides a path (Show
 * ignored brings it back). A path a saved redirect answers, or that the site serves now, leaves the list. Probes
 * are one line. Rows not seen for 90 days are purged by the database.
 */
import { useState } from 'react';
import { useNotFoundQuery } from '../../data/not-found/not-found-query';
import { useNotFoundProbesQuery } from '../../data/not-found/not-found-probes-query';
import { useNotFoundIgnoreMutation } from '../../data/not-found/not-found-ignore-mutation';
import type { Tables } from '../../lib/supabase';
import { Button } from '../../../components/ui/button';
import { QueryState } from '../../components/QueryState';
import { PathText } from '../../components/PathText';
import { countOf } from '../../lib/plural';
import { timeAgo } from '../../lib/time-ago';
import { toast } from '../../lib/toast';
import type { LiveAddresses } from '../../lib/live-addresses';
import type { RedirectRow } from '../../../lib/redirects/compile';
import { pathsToReview, readablePath, suggestTarget } from './not-found.utils';

type Missing = Tables<'not_found_paths'>;

export function NotFoundList({
  redirects,
  live,
  siteHost,
  onCreate,
}: {
  /** Every saved redirect (the active ones take paths off the list). */
  redirects: RedirectRow[];
  /** The addresses the site serves (liveAddresses): the suggestions, and paths that are pages again. */
  live: LiveAddresses;
  siteHost?: string;
  /** Opens the redirect form with this source and suggested target ('' when there is none). */
  onCreate: (from: string, to: string) => void;
}) {
  const missing = useNotFoundQuery();
  const probes = useNotFoundProbesQuery();
  const ignore = useNotFoundIgnoreMutation();
  const [showIgnored, setShowIgnored] = useState(false);
  const rows = missing.data ?? [];
  const toReview = pathsToReview(rows, { redirects, live, siteHost });
  const ignored = rows.filter((r) => r.ignored);

  const setIgnored = (row: Missing, on: boolean) =>
    ignore.mutate(
      { id: row.id, ignored: on },
      { onSuccess: () => toast.success(on ? 'Path ignored' : 'Path shown again') },
    );

  return (
    <div className="space-y-4">
      <p className="text-sm text-stone-700">
        Addresses on this site that visitors asked for and did not find, as the 404 page reported them (only where the
        browser runs scripts; nothing about the visitor is kept). Most asked for first.
      </p>
      <QueryState
        query={{ ...missing, data: toReview }}
        what="missing pages"
        empty={<p className="text-stone-700">No missing pages reported.</p>}
      >
        {(list) => (
          <ul className="divide-y divide-stone-200" aria-label="Missing pages">
            {list.map((row) => (
              <NotFoundItem
                key={row.id}
                row={row}
                busy={ignore.isPending}
                onCreate={() => onCreate(readablePath(row.path), suggestTarget(row.path, live.keys()) ?? '')}
                onIgnore={() => setIgnored(row, true)}
              />
            ))}
          </ul>
        )}
      </QueryState>
      {probes.data && (
        <p className="text-sm text-stone-700" data-probes={probes.data.hits}>
          <span className="font-semibold">Probes: {countOf(probes.data.hits, 'hit')}</span>, last seen{' '}
          {timeAgo(new Date(probes.data.last_seen))}. Requests for the build&apos;s files, the admin and software this
          site does not run (.php, wp-admin, .env…), counted together and never listed.
        </p>
      )}
      {ignored.length > 0 && (
        <div className="space-y-2">
          <Button type="button" variant="link" className="px-0" onClick={() => setShowIgnored((v) => !v)}>
            {showIgnored ? 'Hide ignored' : `Show ignored (${ignored.length})`}
          </Button>
          {showIgnored && (
            <ul className="divide-y divide-stone-200 bg-stone-100" aria-label="Ignored missing pages">
              {ignored.map((row) => (
                <NotFoundItem key={row.id} row={row} busy={ignore.isPending} onRestore={() => setIgnored(row, false)} />
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}

function NotFoundItem({
  row,
  busy,
  onCreate,
  onIgnore,
  onRestore,
}: {
  row: Missing;
  busy: boolean;
  onCreate?: () => void;
  onIgnore?: () => void;
  onRestore?: () => void;
}) {
  const path = readablePath(row.path);
  return (
    <li className="flex flex-wrap items-center gap-3 px-1 py-3" data-path={row.path}>
      <span className="min-w-0 basis-full font-mono text-sm sm:flex-1 sm:basis-0">
        <PathText path={path} />
      </span>
      <span className="text-sm text-stone-700">
        <span className="font-semibold" data-hits={row.hits}>
          {countOf(row.hits, 'hit')}
        </span>
        , last seen {timeAgo(new Date(row.last_seen))}
        {row.referrer_host ? `, from ${row.referrer_host}` : ''}
      </span>
      {onCreate && (
        <Button type="button" size="sm" onClick={onCreate} aria-label={`Create redirect from ${path}`}>
          Create redirect
        </Button>
      )}
      {onIgnore && (
        <Button
          type="button"
          size="sm"
          variant="secondary"
          disabled={busy}
          onClick={onIgnore}
          aria-label={`Ignore ${path}`}
        >
          Ignore
        </Button>
      )}
      {onRestore && (
        <Button
          type="button"
          size="sm"
          variant="secondary"
          disabled={busy}
          onClick={onRestore}
          aria-label={`Show again: ${path}`}
        >
          Show again
        </Button>
      )}
    </li>
  );
}
