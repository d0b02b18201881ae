/** Pure helpers of the Submissions tab. */

/**
 * A mailto: link to a guest, every character of the address that a URL could read as its own encoded (RFC 6068):
 * an address like `x?cc=other@mail.example` stays one recipient. The database refuses such addresses now; rows
 * stored before keep them percent-encoded, and this keeps those links honest too.
 */
export function mailtoHref(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 0) return `mailto:${encodeURIComponent(email)}`;
  return `mailto:${encodeURIComponent(email.slice(0, at))}@${encodeURIComponent(email.slice(at + 1))}`;
}

export type NotificationState =
  { state: 'sent'; at: string } | { state: 'failed'; error: string } | { state: 'held' } | { state: 'none' };

/**
 * Whether staff were emailed about a message (D22): sent, failed (with why), held (it came during a flood from many
 * addresses, past the global rate, #26), or not at all (older messages).
 */
export function notificationOf(row: {
  notified_at: string | null;
  notification_error: string | null;
  held_at?: string | null;
}): NotificationState {
  if (row.notified_at) return { state: 'sent', at: row.notified_at };
  if (row.held_at) return { state: 'held' };
  if (row.notification_error) return { state: 'failed', error: row.notification_error };
  return { state: 'none' };
}

/** An address as the database compares it when deleting a guest's data: trimmed, lower-cased (#30). */
export const normalEmail = (email: string) => email.trim().toLowerCase();

/** One guest's messages and newsletter addresses among those loaded, matched as `delete_guest_data` matches them. */
export function guestRecords<M extends { email: string }, S extends { email: string }>(
  email: string,
  messages: readonly M[],
  subscribers: readonly S[],
): { messages: M[]; subscribers: S[] } {
  const wanted = normalEmail(email);
  if (!wanted) return { messages: [], subscribers: [] };
  return {
    messages: messages.filter((m) => normalEmail(m.email) === wanted),
    subscribers: subscribers.filter((s) => normalEmail(s.email) === wanted),
  };
}

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. A field a spreadsheet would run as a
 * formula (starting =, +, -, @, tab or return; an address may start with = or + or -) is prefixed with an
 * apostrophe (OWASP's advice against CSV injection).
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * The newsletter list to download (#30): the addresses still subscribed, oldest first, with where and when they
 * signed up; lines end in CRLF as RFC 4180 has them.
 */
export function subscribersCsv(
  rows: ReadonlyArray<{ email: string; source: string; created_at: string; unsubscribed_at: string | null }>,
): string {
  const subscribed = rows.filter((r) => !r.unsubscribed_at).sort((a, b) => a.created_at.localeCompare(b.created_at));
  const lines = [['email', 'source', 'subscribed_at'], ...subscribed.map((r) => [r.email, r.source, r.created_at])];
  return lines.map((fields) => fields.map(csvField).join(',')).join('\r\n') + '\r\n';
}
