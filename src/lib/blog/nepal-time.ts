/**
 * The hotel's clock: Asia/Kathmandu, UTC+5:45 all year (Nepal has kept no daylight saving since 1986, so a fixed
 * offset is exact and needs no time-zone database in the browser). Staff schedule posts by it and every date the
 * site and the admin show is in it, whatever the zone of the browser or the build server.
 */
import { format } from 'date-fns/format';

export const HOTEL_TIME_ZONE = 'Asia/Kathmandu';
const OFFSET_MS = (5 * 60 + 45) * 60_000;

/** The instant's date and time on Kathmandu's clock: `day` is that calendar day at local midnight (for a
 * calendar widget, whose days are the browser's), `time` is 'HH:mm'. */
export function nepalClock(instant: Date): { day: Date; time: string } {
  const n = new Date(instant.getTime() + OFFSET_MS);
  const pad = (v: number) => String(v).padStart(2, '0');
  return {
    day: new Date(n.getUTCFullYear(), n.getUTCMonth(), n.getUTCDate()),
    time: `${pad(n.getUTCHours())}:${pad(n.getUTCMinutes())}`,
  };
}

/** The instant when Kathmandu's clock shows `time` ('HH:mm', default midnight) on `day` (its local fields). */
export function fromNepalClock(day: Date, time = '00:00'): Date {
  const [h, m] = /^(\d{1,2}):(\d{2})$/.exec(time)?.slice(1).map(Number) ?? [0, 0];
  return new Date(Date.UTC(day.getFullYear(), day.getMonth(), day.getDate(), h, m) - OFFSET_MS);
}

/** 'March 05, 2026' on Kathmandu's clock (the blog's date format). */
export const formatNepalDate = (instant: Date) => format(nepalClock(instant).day, 'MMMM dd, yyyy');

/** 'March 5th, 2026 at 09:30 Nepal time': when a scheduled post goes live. */
export function formatNepalDateTime(instant: Date): string {
  const { day, time } = nepalClock(instant);
  return `${format(day, 'PPP')} at ${time} Nepal time`;
}
