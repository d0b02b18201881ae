/** The hotel's clock (src/lib/blog/nepal-time.ts): Kathmandu's date and time of an instant, and back. */
import { describe, expect, it } from 'vitest';
import { formatNepalDate, formatNepalDateTime, fromNepalClock, nepalClock } from '../../src/lib/blog/nepal-time';

describe('the hotel’s clock', () => {
  it('reads an instant on Kathmandu’s clock, a day ahead of UTC in its small hours', () => {
    const { day, time } = nepalClock(new Date('2026-03-14T20:00:00Z'));
    expect([day.getFullYear(), day.getMonth(), day.getDate(), day.getHours()]).toEqual([2026, 2, 15, 0]);
    expect(time).toBe('01:45');
  });

  it('turns a day and a time in Kathmandu into the instant, midnight by default', () => {
    expect(fromNepalClock(new Date(2026, 2, 15), '09:30').toISOString()).toBe('2026-03-15T03:45:00.000Z');
    expect(fromNepalClock(new Date(2026, 2, 15)).toISOString()).toBe('2026-03-14T18:15:00.000Z');
  });

  it('goes there and back for every quarter hour of a day', () => {
    for (let q = 0; q < 96; q++) {
      const instant = new Date(Date.UTC(2026, 10, 26, 0, q * 15));
      const { day, time } = nepalClock(instant);
      expect(fromNepalClock(day, time).getTime()).toBe(instant.getTime());
    }
  });

  it('says when a post goes live, and the blog’s date, in Nepal time', () => {
    expect(formatNepalDateTime(new Date('2026-03-15T03:45:00Z'))).toBe('March 15th, 2026 at 09:30 Nepal time');
    expect(formatNepalDate(new Date('2026-03-04T20:30:00Z'))).toBe('March 05, 2026');
  });
});
