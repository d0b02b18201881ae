/** Content List: static pages, dynamic pages and blog posts together, searchable and filterable. */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { supabase } from '../../lib/supabase';
import { keys } from '../../lib/query';
import { toast } from '../../lib/toast';
import { Card, Spinner, inputClass, secondaryButton } from '../../components/ui';
import { contentItems, filterContent, type ContentFilter } from './content-list';

const FILTERS: Array<[ContentFilter, string]> = [
  ['all', 'All'],
  ['static', 'Static Pages'],
  ['dynamic', 'Dynamic Pages'],
  ['blog', 'Blog Posts'],
];
const KIND_LABEL = { static: 'Static Page', dynamic: 'Dynamic Page', blog: 'Blog Post' } as const;

export default function ContentList() {
  const [query, setQuery] = useState('');
  const [filter, setFilter] = useState<ContentFilter>('all');
  const pages = useQuery({
    queryKey: keys.content.pages,
    queryFn: async () => {
      const { data, error } = await supabase
        .from('pages')
        .select('id, title, slug, custom_url, is_published, updated_at')
        .order('updated_at', { ascending: false });
      if (error) {
        toast.error('Failed to fetch pages');
        throw error;
      }
      return data;
    },
  });
  const posts = useQuery({
    queryKey: keys.content.posts,
    queryFn: async () => {
      const { data, error } = await supabase
        .from('blog_posts')
        .select('id, title, slug, is_published, updated_at, category, author_name')
        .order('updated_at', { ascending: false });
      if (error) {
        toast.error('Failed to fetch blog posts');
        throw error;
      }
      return data;
    },
  });
  if (pages.isLoading || posts.isLoading) return <Spinner />;
  const items = filterContent(contentItems(pages.data ?? [], posts.data ?? []), query, filter);

  return (
    <Card title="All Content">
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <div className="min-w-60 flex-1">
          <label htmlFor="content-search" className="block text-sm font-medium text-stone-800">
            Search content
          </label>
          <input
            id="content-search"
            type="search"
            className={inputClass}
            placeholder="Title, slug, category or author"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </div>
        <div role="group" aria-label="Filter content" className="flex flex-wrap gap-2">
          {FILTERS.map(([value, label]) => (
            <button
              key={value}
              type="button"
              aria-pressed={filter === value}
              onClick={() => setFilter(value)}
              className={`${secondaryButton} aria-pressed:bg-maroon-800 aria-pressed:text-white`}
            >
              {label}
            </button>
          ))}
        </div>
      </div>
      <p className="mb-2 text-sm text-stone-700">{items.length} items</p>
      <ul className="divide-y divide-stone-200">
        {items.map((i) => (
          <li key={i.id} className="flex flex-wrap items-center gap-3 py-3" data-kind={i.kind}>
            <div className="min-w-0 flex-1">
              <p className="font-semibold">{i.title}</p>
              <p className="text-sm text-stone-600">
                {KIND_LABEL[i.kind]} · <span className="font-mono">{i.url}</span>
                {i.category && <> · {i.category}</>}
                {i.author && <> · {i.author}</>}
                {!i.published && <> · Draft</>}
              </p>
            </div>
            <a className={secondaryButton} href={i.url} target="_blank" rel="noreferrer">
              View
            </a>
            <a className={secondaryButton} href={i.kind === 'blog' ? '#blog' : '#pages'}>
              {i.kind === 'blog' ? 'Go to Blog Posts' : 'Go to Pages'}
            </a>
          </li>
        ))}
      </ul>
    </Card>
  );
}
