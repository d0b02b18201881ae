/** The Activity tab's filters as the query takes them (#30): days picked in the browser's time zone, as instants. */

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Midnight at the start of a `yyyy-mm-dd` day in the browser's time zone, `days` later; undefined if malformed. */
function startOf(day: string, days = 0): string | undefined {
  const m = DAY.exec(day);
  if (!m) return undefined;
  const date = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + days);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/**
 * The instants a day range means: from the start of `from` (inclusive) to the start of the day after `to`
 * (exclusive), so that 'to' includes its whole day. Either may be empty: no bound on that side.
 */
export function dayRange(from: string, to: string): { from?: string; to?: string } {
  return { from: from ? startOf(from) : undefined, to: to ? startOf(to, 1) : undefined };
}
