/**
 * 'less than a minute ago', '5 minutes ago', 'about 2 hours ago', 'yesterday': how long ago, in the words
 * date-fns's formatDistanceToNow used, from the browser's own Intl.RelativeTimeFormat. The publish status is on the
 * dashboard's first load, where date-fns's distance code and its locale weighed about 5 KB gzip.
 */
const words = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const STEPS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['minute', 60],
  ['hour', 60 * 60],
  ['day', 24 * 60 * 60],
  ['month', 30 * 24 * 60 * 60],
  ['year', 365 * 24 * 60 * 60],
];

export function timeAgo(then: Date, now = new Date()): string {
  const seconds = Math.max(0, (now.getTime() - then.getTime()) / 1000);
  if (seconds < 60) return 'less than a minute ago';
  let unit: Intl.RelativeTimeFormatUnit = 'minute';
  let size = 60;
  for (const [u, s] of STEPS) if (seconds >= s) [unit, size] = [u, s];
  const n = Math.round(seconds / size);
  const text = words.format(-n, unit);
  return unit === 'hour' || unit === 'month' || unit === 'year' ? text.replace(/^(\d)/, 'about $1') : text;
}
