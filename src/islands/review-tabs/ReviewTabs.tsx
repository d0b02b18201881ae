import { useEffect, useState } from 'react';

interface Props {
  host: string;
  counts: { all: number; google: number; site: number };
  /** The id of the server-rendered list whose items carry data-platform="google" | "site". */
  listId: string;
  emptyId: string;
}

type Tab = 'all' | 'google' | 'site';

/**
 * Platform tabs of the reviews page. The cards are plain HTML; the island only shows the chosen platform's
 * cards (and the empty message when it has none), so without scripts every review is visible.
 */
export default function ReviewTabs({ host, counts, listId, emptyId }: Props) {
  const [tab, setTab] = useState<Tab>('all');
  useEffect(() => {
    const list = document.getElementById(listId);
    list?.querySelectorAll<HTMLElement>('[data-platform]').forEach((el) => {
      el.hidden = tab !== 'all' && el.dataset.platform !== tab;
    });
    const empty = document.getElementById(emptyId);
    if (empty) empty.hidden = counts[tab] > 0;
  }, [tab, listId, emptyId, counts]);

  const tabs: Array<[Tab, string]> = [
    ['all', `All Reviews (${counts.all})`],
    ['google', `Google (${counts.google})`],
    ['site', `${host} (${counts.site})`],
  ];
  return (
    <div role="group" aria-label="Filter reviews by platform" className="flex flex-wrap justify-center gap-2">
      {tabs.map(([key, label]) => (
        <button
          key={key}
          type="button"
          aria-pressed={tab === key}
          aria-controls={listId}
          onClick={() => setTab(key)}
          className={`min-h-11 rounded-full px-5 py-2 font-medium ${
            tab === key
              ? 'bg-maroon-800 text-white'
              : 'bg-white text-stone-800 ring-1 ring-stone-300 hover:bg-cream-100'
          }`}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
