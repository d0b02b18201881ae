/**
 * Content List: static pages, dynamic pages and blog posts together, searchable and filterable. A stored item's
 * jump action opens that item in its editor (#blog/<id>, #pages/<id>); a static page's opens the Pages list.
 */
import { useId, useState } from 'react';
import { usePagesQuery } from '../../data/pages/pages-query';
import { useBlogPostsQuery } from '../../data/blog-posts/blog-posts-query';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { PathText } from '../../components/PathText';
import { Panel } from '../../components/Panel';
import { QueryState } from '../../components/QueryState';
import { formatHash } from '../../lib/hash-route';
import { countOf } from '../../lib/plural';
import { POST_STATUS_LABEL } from '../../lib/post-status';
import { contentItems, filterContent, type ContentFilter, type ContentItem } from './content-list';

const FILTERS: Array<[ContentFilter, string]> = [
  ['all', 'All'],
  ['static', 'Static Pages'],
  ['dynamic', 'Dynamic Pages'],
  ['blog', 'Blog Posts'],
];
const KIND_LABEL = { static: 'Static Page', dynamic: 'Dynamic Page', blog: 'Blog Post' } as const;

/** Where an item's jump action leads in the admin. */
const editorHash = (i: ContentItem) =>
  i.kind === 'blog'
    ? formatHash({ tab: 'blog', item: i.id })
    : i.kind === 'dynamic'
      ? formatHash({ tab: 'pages', item: i.id })
      : formatHash({ tab: 'pages' });

export default function ContentListTab() {
  const searchId = useId();
  const [query, setQuery] = useState('');
  const [filter, setFilter] = useState<ContentFilter>('all');
  const pages = usePagesQuery();
  const posts = useBlogPostsQuery();
  // Both reads as one: pending while either is, failed when either failed (Retry asks for both again).
  const both = {
    data: pages.data && posts.data ? contentItems(pages.data, posts.data) : undefined,
    isPending: pages.isPending || posts.isPending,
    isError: pages.isError || posts.isError,
    isFetching: pages.isFetching || posts.isFetching,
    refetch: () => Promise.all([pages.refetch(), posts.refetch()]),
  };

  return (
    <Panel title="All Content">
      <QueryState query={both} what="pages and posts">
        {(all) => {
          const items = filterContent(all, query, filter);
          return (
            <>
              <div className="mb-4 flex flex-wrap items-end gap-3">
                <div className="min-w-60 flex-1">
                  <Label htmlFor={searchId}>Search content</Label>
                  <Input
                    id={searchId}
                    type="search"
                    placeholder="Title, slug, category or author"
                    value={query}
                    onChange={(e) => setQuery(e.target.value)}
                  />
                </div>
                <div role="group" aria-label="Filter content" className="flex flex-wrap gap-2">
                  {FILTERS.map(([value, label]) => (
                    <Button
                      key={value}
                      type="button"
                      variant="secondary"
                      aria-pressed={filter === value}
                      onClick={() => setFilter(value)}
                      className="aria-pressed:bg-maroon-800 aria-pressed:text-white"
                    >
                      {label}
                    </Button>
                  ))}
                </div>
              </div>
              <p className="mb-2 text-sm text-stone-700">{countOf(items.length, 'item')}</p>
              <ul className="divide-y divide-stone-200">
                {items.map((i) => (
                  <li key={i.id} className="flex flex-wrap items-center gap-3 py-3" data-kind={i.kind}>
                    {/* The whole width on a phone, the buttons on the line below; beside them from sm up (#31). */}
                    <div className="min-w-0 basis-full sm:flex-1 sm:basis-0">
                      <p className="font-semibold">{i.title}</p>
                      <p className="text-sm text-stone-600">
                        {KIND_LABEL[i.kind]} · <PathText path={i.url} className="font-mono" />
                        {i.category && <> · {i.category}</>}
                        {i.author && <> · {i.author}</>}
                        {i.status !== 'published' && <> · {POST_STATUS_LABEL[i.status]}</>}
                      </p>
                    </div>
                    {/* Only what guests can open: a draft or a scheduled post is a 404 on the site (#31). */}
                    {i.viewable && (
                      <Button asChild variant="secondary">
                        <a href={i.url} target="_blank" rel="noreferrer">
                          View
                        </a>
                      </Button>
                    )}
                    <Button asChild variant="secondary">
                      <a href={editorHash(i)}>{i.kind === 'blog' ? 'Go to Blog Posts' : 'Go to Pages'}</a>
                    </Button>
                  </li>
                ))}
              </ul>
            </>
          );
        }}
      </QueryState>
    </Panel>
  );
}
