import { insertRow } from '../../lib/rest/insert-row';

/** Pure parts of the contact form: the row it sends and the request that sends it (decision D3: plain fetch). */

export interface ContactValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
}

/** The database bounds of decision D18, mirrored as input maxlength so nobody types past them. */
export const LIMITS = { name: 100, email: 254, phone: 40, subject: 200, message: 5000 } as const;

export const SUBMIT_ERROR = 'Failed to submit your message. Please try again.';

/** The contact_submissions row: phone stored as null when empty. */
export function toSubmission(v: ContactValues) {
  const phone = v.phone.trim();
  return {
    first_name: v.firstName.trim(),
    last_name: v.lastName.trim(),
    email: v.email.trim(),
    phone: phone === '' ? null : phone,
    subject: v.subject.trim(),
    message: v.message.trim(),
  };
}

/** Sends the message (throws on any failure, with the server's message when there is one). */
export function sendSubmission(
  url: string,
  anonKey: string,
  row: ReturnType<typeof toSubmission>,
  fetchImpl: typeof fetch = fetch,
): Promise<void> {
  return insertRow(url, anonKey, 'contact_submissions', row, fetchImpl);
}
