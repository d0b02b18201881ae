import { describe, expect, it } from 'vitest';
import { GALLERY_FILTERS, matchesFilter, resultsMessage } from '../../src/islands/gallery-filter/gallery-filter.utils';

describe('gallery filter', () => {
  it('offers the spec labels in order, All Photos first (the default)', () => {
    expect(GALLERY_FILTERS.map((f) => f.label)).toEqual([
      'All Photos',
      'Rooms & Suites',
      'Facilities',
      'Dining',
      'Wellness',
      'Location',
    ]);
    expect(GALLERY_FILTERS[0].value).toBe('all');
  });

  it.each([
    ['rooms', 'all', true],
    ['location', 'all', true],
    ['rooms', 'rooms', true],
    ['dining', 'dining', true],
    ['dining', 'rooms', false],
    ['wellness', 'location', false],
    [undefined, 'rooms', false],
    [undefined, 'all', true],
  ] as const)('a %s photo with filter %s shows: %s', (category, filter, shown) => {
    expect(matchesFilter(category, filter)).toBe(shown);
  });

  it('tells screen readers how many photos remain', () => {
    expect(resultsMessage(2, 'dining')).toBe('Showing 2 photos: Dining');
    expect(resultsMessage(1, 'rooms')).toBe('Showing 1 photo: Rooms & Suites');
    expect(resultsMessage(12, 'all')).toBe('Showing 12 photos: All Photos');
  });
});
