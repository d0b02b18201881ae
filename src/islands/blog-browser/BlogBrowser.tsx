import { useEffect, useMemo, useState } from 'react';
import PostCardView from '../../components/blog/PostCardView';
import type { CategoryOption, PostCard } from '../../lib/blog/types';
import { filterPosts, fromIndex, type IndexEntry } from '../../lib/blog/search';

interface Props {
  categories: CategoryOption[];
  /** The id of the server-rendered first page (and its pager), hidden while a search or filter is active. */
  staticListId: string;
}

type Load = { state: 'idle' | 'loading' | 'error' } | { state: 'ready'; posts: PostCard[] };

/**
 * Search box and category buttons of the blog. The first page of cards is plain HTML; as soon as a search or a
 * category is chosen, the island downloads the compact index of every post once and shows the matches.
 */
export default function BlogBrowser({ categories, staticListId }: Props) {
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState('all');
  const [load, setLoad] = useState<Load>({ state: 'idle' });
  const active = query.trim() !== '' || category !== 'all';

  useEffect(() => {
    const list = document.getElementById(staticListId);
    if (list) list.hidden = active;
    if (!active || load.state !== 'idle') return;
    setLoad({ state: 'loading' });
    fetch('/blog/index.json')
      .then((r) => {
        if (!r.ok) throw new Error(`HTTP ${r.status}`);
        return r.json() as Promise<IndexEntry[]>;
      })
      .then((entries) => setLoad({ state: 'ready', posts: fromIndex(entries) }))
      .catch((err) => {
        console.error('Error loading blog posts', err);
        setLoad({ state: 'error' });
      });
  }, [active, load.state, staticListId]);

  const results = useMemo(
    () => (load.state === 'ready' ? filterPosts(load.posts, query, category) : []),
    [load, query, category],
  );
  const options = [{ key: 'all', label: 'All Posts' }, ...categories];

  return (
    <div>
      <div className="flex flex-col gap-4 md:flex-row md:items-center md:justify-between">
        <label className="block md:w-80">
          <span className="sr-only">Search blog posts</span>
          <input
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder="Search blog posts..."
            className="w-full rounded-full border border-stone-400 bg-white px-5 py-3 text-base"
          />
        </label>
        <div role="group" aria-label="Filter by category" className="flex flex-wrap gap-2">
          {options.map((o) => (
            <button
              key={o.key}
              type="button"
              aria-pressed={category === o.key}
              onClick={() => setCategory(o.key)}
              className={`min-h-11 rounded-full px-4 py-2 font-medium ${
                category === o.key
                  ? 'bg-maroon-800 text-white'
                  : 'bg-white text-stone-800 ring-1 ring-stone-300 hover:bg-cream-100'
              }`}
            >
              {o.label}
            </button>
          ))}
        </div>
      </div>
      {active && (
        <div className="mt-10" aria-live="polite">
          {load.state === 'loading' && <p className="text-center text-lg">Loading blog posts...</p>}
          {load.state === 'error' && (
            <div className="text-center">
              <h2 className="text-2xl font-bold">Error Loading Posts</h2>
              <p className="mt-2">There was an error loading the blog posts. Please try again later.</p>
            </div>
          )}
          {load.state === 'ready' && results.length === 0 && (
            <div className="text-center">
              <h2 className="text-2xl font-bold">No posts found</h2>
              <p className="mt-2">Try adjusting your search or filter criteria</p>
            </div>
          )}
          {load.state === 'ready' && results.length > 0 && (
            <>
              <h2 className="sr-only">Search results</h2>
              <ul className="grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
                {results.map((p) => (
                  <li key={p.slug}>
                    <PostCardView post={p} />
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </div>
  );
}
