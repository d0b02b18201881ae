import { useState } from 'react';
import { GALLERY_FILTERS, matchesFilter, resultsMessage, type GalleryFilterValue } from './gallery-filter.utils';

interface Props {
  /** id of the element holding the page's figures, each with data-category. */
  gridId: string;
}

/**
 * The category buttons of /gallery/. The photos themselves are static HTML (all shown without scripts); this
 * island only toggles `hidden` on the figures that do not match the chosen category.
 */
export default function GalleryFilter({ gridId }: Props) {
  const [filter, setFilter] = useState<GalleryFilterValue>('all');
  const [message, setMessage] = useState('');

  function choose(value: GalleryFilterValue) {
    let shown = 0;
    document.querySelectorAll<HTMLElement>(`#${gridId} [data-category]`).forEach((el) => {
      el.hidden = !matchesFilter(el.dataset.category, value);
      if (!el.hidden) shown++;
    });
    setFilter(value);
    setMessage(resultsMessage(shown, value));
  }

  return (
    <>
      <div role="group" aria-label="Filter photos by category" className="flex flex-wrap justify-center gap-2">
        {GALLERY_FILTERS.map((f) => (
          <button
            key={f.value}
            type="button"
            aria-pressed={filter === f.value}
            aria-controls={gridId}
            onClick={() => choose(f.value)}
            className={`min-h-11 rounded-full border-2 border-maroon-800 px-5 py-2 font-semibold transition-colors ${
              filter === f.value ? 'bg-maroon-800 text-white' : 'bg-white text-maroon-800 hover:bg-cream-100'
            }`}
          >
            {f.label}
          </button>
        ))}
      </div>
      <p role="status" className="sr-only">
        {message}
      </p>
    </>
  );
}
