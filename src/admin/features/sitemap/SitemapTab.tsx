/**
 * Sitemap (spec; D10 keeps it in the database): every URL the sitemap considers, each with an include checkbox,
 * its last modification, priority and change frequency, saved as it is changed; custom URLs added and removed;
 * 'Generate' asks for a build and opens /sitemap.xml once it is live.
 */
import { useState, type FormEvent } from 'react';
import { format } from 'date-fns/format';
import { useSitemapQuery } from '../../data/sitemap/sitemap-query';
import { useSitemapEntrySaveMutation, type SitemapEntrySave } from '../../data/sitemap/sitemap-entry-save-mutation';
import { useSitemapEntryDeleteMutation } from '../../data/sitemap/sitemap-entry-delete-mutation';
import { useGenerateSitemapMutation } from '../../data/sitemap/generate-sitemap-mutation';
import { usePagesQuery } from '../../data/pages/pages-query';
import { useBlogPostsQuery } from '../../data/blog-posts/blog-posts-query';
import type { SitemapCandidate } from '../../../lib/sitemap/entries';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { Panel } from '../../components/Panel';
import { LoadFailed } from '../../components/QueryState';
import { Confirm } from '../../components/Confirm';
import { toast } from '../../lib/toast';
import { useSite } from '../../lib/site';
import { liveAddresses } from '../../lib/live-addresses';
import { cn } from '../../../components/ui/cn';
import { CHANGEFREQS, PRIORITIES, customSitemapUrl, customUrlTooLong, unservedUrl } from './sitemap-rules';

const KIND_LABEL = { static: 'Static page', page: 'Page', post: 'Blog post', custom: 'Custom' } as const;
const selectClass =
  'rounded-md border border-stone-400 bg-white px-2 py-1 text-sm text-stone-900 focus:border-maroon-800 disabled:opacity-60';

function Row({ entry }: { entry: SitemapCandidate }) {
  const save = useSitemapEntrySaveMutation();
  const remove = useSitemapEntryDeleteMutation();
  // What staff just chose, shown at once while it is saved and until the list is read again (the list's refetch
  // finishes before the mutation settles); a failure puts the stored value back.
  const [chosen, setChosen] = useState<{ is_included?: boolean; priority?: number; changefreq?: string } | null>(null);
  const change = (shown: NonNullable<typeof chosen>, values: Partial<SitemapEntrySave>) => {
    setChosen(shown);
    save.mutate(
      { url: entry.loc, entry_type: entry.kind, ...values },
      {
        onSuccess: () => toast.success('Sitemap updated', `${entry.loc}: the next build writes it.`),
        onSettled: () => setChosen(null),
      },
    );
  };
  const id = `sitemap-${entry.loc.replace(/[^a-z0-9]+/gi, '-')}`;
  const included = chosen?.is_included ?? entry.included;
  const priority = chosen?.priority ?? entry.priority;
  const changefreq = chosen?.changefreq ?? entry.changefreq;
  return (
    <tr
      className={cn('max-sm:flex max-sm:flex-wrap max-sm:items-center max-sm:py-2', !included && 'text-stone-600')}
      data-url={entry.loc}
    >
      <td className="p-2">
        <input
          type="checkbox"
          id={id}
          className="h-4 w-4 accent-maroon-800"
          checked={included}
          disabled={!entry.indexed || save.isPending}
          aria-describedby={entry.indexed ? undefined : `${id}-noindex`}
          onChange={(e) => change({ is_included: e.target.checked }, { is_included: e.target.checked })}
        />
        <label htmlFor={id} className="sr-only">
          Include {entry.loc}
        </label>
      </td>
      <td className="p-2 max-sm:min-w-0 max-sm:flex-1">
        <a href={entry.loc} target="_blank" rel="noreferrer" className="font-mono text-sm break-all underline">
          {entry.loc}
        </a>
        <span className="block text-xs text-stone-700">
          {entry.title} · {KIND_LABEL[entry.kind]}
        </span>
        {!entry.indexed && (
          <span id={`${id}-noindex`} className="block text-xs text-stone-700">
            noindex: never in the sitemap (see its SEO settings)
          </span>
        )}
      </td>
      <td className="p-2 text-sm whitespace-nowrap max-sm:basis-full max-sm:pl-8">
        <span className="sm:hidden">Last modified </span>
        {entry.lastmod ? format(new Date(entry.lastmod), 'yyyy-MM-dd') : '—'}
      </td>
      <td className="p-2">
        <select
          aria-label={`Priority of ${entry.loc}`}
          className={selectClass}
          value={priority.toFixed(1)}
          disabled={save.isPending}
          onChange={(e) => {
            const p = Number(e.target.value);
            change({ priority: p }, { priority: p === entry.defaults.priority ? null : p });
          }}
        >
          {PRIORITIES.map((p) => (
            <option key={p} value={p.toFixed(1)}>
              {p.toFixed(1)}
              {p === entry.defaults.priority ? ' (default)' : ''}
            </option>
          ))}
        </select>
      </td>
      <td className="p-2">
        <select
          aria-label={`Change frequency of ${entry.loc}`}
          className={selectClass}
          value={changefreq}
          disabled={save.isPending}
          onChange={(e) =>
            change(
              { changefreq: e.target.value },
              { changefreq: e.target.value === entry.defaults.changefreq ? null : e.target.value },
            )
          }
        >
          {CHANGEFREQS.map((f) => (
            <option key={f} value={f}>
              {f}
              {f === entry.defaults.changefreq ? ' (default)' : ''}
            </option>
          ))}
        </select>
      </td>
      <td className="p-2">
        {entry.kind === 'custom' && (
          <Confirm
            title="Remove this URL from the sitemap?"
            description={<>{entry.loc} will no longer be listed in /sitemap.xml and /sitemap/.</>}
            confirmLabel="Remove"
            onConfirm={() =>
              remove.mutate({ url: entry.loc }, { onSuccess: () => toast.success('URL removed from sitemap') })
            }
            trigger={
              <Button variant="danger" size="sm" aria-label={`Remove ${entry.loc}`}>
                Remove
              </Button>
            }
          />
        )}
      </td>
    </tr>
  );
}

export default function SitemapTab() {
  const sitemap = useSitemapQuery();
  const add = useSitemapEntrySaveMutation();
  const generate = useGenerateSitemapMutation();
  const site = useSite();
  // What the site serves: a custom URL must be one of its pages (#31).
  const pages = usePagesQuery();
  const posts = useBlogPostsQuery();
  const live = pages.data && posts.data ? liveAddresses(pages.data, posts.data) : undefined;
  const [url, setUrl] = useState('');

  function addUrl(e: FormEvent) {
    e.preventDefault();
    const long = customUrlTooLong(url);
    if (long) {
      toast.error(long);
      return;
    }
    const path = customSitemapUrl(url, [site.origin, window.location.origin]);
    if (!path) {
      toast.error('Please enter a valid URL', 'A path of this site, e.g. /offers/monsoon/ (no spaces, ? or #).');
      return;
    }
    if (sitemap.data?.some((c) => c.loc === path)) {
      toast.info(`${path} is already in the list`, 'Include it with its checkbox.');
      return;
    }
    if (!live) {
      if (pages.isError) void pages.refetch();
      if (posts.isError) void posts.refetch();
      toast.error(`${path} cannot be checked yet`, 'The site’s pages and posts have not been read; try again.');
      return;
    }
    const unserved = unservedUrl(path, live);
    if (unserved) {
      toast.error(unserved.title, unserved.description);
      return;
    }
    add.mutate(
      { url: path, entry_type: 'custom', is_included: true, action: 'add' },
      {
        onSuccess: () => {
          toast.success('Custom URL added to sitemap');
          setUrl('');
        },
      },
    );
  }

  function generateSitemap() {
    // Opened now, while the click still allows a new window; pointed at the sitemap once the build is live.
    const win = window.open('', '_blank');
    generate.mutate(undefined, {
      onSuccess: () => {
        toast.success('Sitemap generated successfully');
        if (win) win.location.href = '/sitemap.xml';
        else window.open('/sitemap.xml', '_blank');
      },
      onError: (err) => {
        win?.close();
        toast.error('Failed to generate sitemap', err instanceof Error ? err.message : String(err));
      },
    });
  }

  const rows = sitemap.data ?? [];
  const included = rows.filter((r) => r.included).length;
  return (
    <div className="space-y-6">
      <Panel
        title="Sitemap"
        actions={
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="secondary">
              <a href="/sitemap.xml" target="_blank" rel="noreferrer">
                View sitemap.xml
              </a>
            </Button>
            <Button onClick={generateSitemap} disabled={generate.isPending}>
              {generate.isPending ? 'Generating...' : 'Generate Sitemap'}
            </Button>
          </div>
        }
      >
        <p className="text-sm text-stone-700">
          Every change below is saved at once and goes live with the next build; Generate builds the site now and opens
          the new /sitemap.xml. The HTML <a href="/sitemap/">/sitemap/</a> page lists the same URLs.
        </p>
        <form onSubmit={addUrl} noValidate className="mt-4 flex flex-wrap items-end gap-2">
          <div className="min-w-0 flex-1">
            <Label htmlFor="sitemap-custom-url">Custom URL</Label>
            <Input
              id="sitemap-custom-url"
              value={url}
              placeholder="/offers/monsoon/"
              onChange={(e) => setUrl(e.target.value)}
            />
          </div>
          {/* Until the pages and posts are read, what the site serves is not known (a failed read leaves it on). */}
          <Button type="submit" disabled={add.isPending || pages.isPending || posts.isPending}>
            {add.isPending ? 'Adding...' : 'Add URL'}
          </Button>
        </form>
      </Panel>
      <Panel title={`URLs (${included} of ${rows.length} in the sitemap)`}>
        {sitemap.isPending ? (
          <div className="flex items-center gap-2 text-stone-700">
            <Spinner size="sm" label="Loading sitemap..." />
            <span aria-hidden="true">Loading sitemap...</span>
          </div>
        ) : sitemap.isError ? (
          <LoadFailed query={sitemap} what="sitemap URLs" />
        ) : (
          <div className="sm:overflow-x-auto">
            {/* On a phone each URL is a wrapped row of its controls (the selects carry their own names). */}
            <table className="w-full text-left max-sm:block">
              <thead className="text-sm max-sm:sr-only">
                <tr className="border-b border-stone-300">
                  <th scope="col" className="p-2">
                    Include
                  </th>
                  <th scope="col" className="p-2">
                    URL
                  </th>
                  <th scope="col" className="p-2">
                    Last modified
                  </th>
                  <th scope="col" className="p-2">
                    Priority
                  </th>
                  <th scope="col" className="p-2">
                    Change frequency
                  </th>
                  <th scope="col" className="p-2">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-200 max-sm:block">
                {rows.map((entry) => (
                  <Row key={entry.loc} entry={entry} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Panel>
    </div>
  );
}
