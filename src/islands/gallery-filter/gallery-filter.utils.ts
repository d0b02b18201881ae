/** Pure parts of the gallery filter: its buttons and which photos a choice shows. */
import type { GalleryCategory } from '../../data/gallery';

export type GalleryFilterValue = 'all' | GalleryCategory;

/** The filter buttons in order, labelled as the spec names them; 'all' is the default. */
export const GALLERY_FILTERS: readonly { value: GalleryFilterValue; label: string }[] = [
  { value: 'all', label: 'All Photos' },
  { value: 'rooms', label: 'Rooms & Suites' },
  { value: 'facilities', label: 'Facilities' },
  { value: 'dining', label: 'Dining' },
  { value: 'wellness', label: 'Wellness' },
  { value: 'location', label: 'Location' },
];

/** Whether a photo of `category` shows while `filter` is selected. */
export function matchesFilter(category: string | undefined, filter: GalleryFilterValue): boolean {
  return filter === 'all' || category === filter;
}

/** The sentence screen readers hear after a choice, e.g. 'Showing 2 photos: Dining'. */
export function resultsMessage(count: number, filter: GalleryFilterValue): string {
  const label = GALLERY_FILTERS.find((f) => f.value === filter)?.label ?? 'All Photos';
  return `Showing ${count} ${count === 1 ? 'photo' : 'photos'}: ${label}`;
}
