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
