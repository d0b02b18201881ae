/**
 * What the contact and newsletter forms share (D3, D22): the URL of the function they post to, the request an
 * island sends in place of the browser's form post, and the texts of the notices a page shows after a plain form
 * post came back with an error (`/contact/?error=invalid&field=email#contact-error-email`). The texts are the
 * functions' own, read from the one copy both import (supabase/functions/_shared/guest-texts.js).
 */
import { GUEST_MESSAGES, NOTICE_PREFIX } from '../../../supabase/functions/_shared/guest-texts.js';

export type GuestKind = 'contact' | 'subscribe';

/** The function a form posts to, on the Supabase project the site was built against: known at build time. */
export function functionUrl(supabaseUrl: string, name: GuestKind): string {
  return `${supabaseUrl.replace(/\/+$/, '')}/functions/v1/${name}`;
}

/** Per function: the error codes and invalid fields a redirect may name, and what the guest is told. */
export const GUEST_NOTICES = {
  contact: withoutSent(GUEST_MESSAGES.contact),
  subscribe: withoutSent(GUEST_MESSAGES.subscribe),
};

function withoutSent<T extends { sent: string }>({ sent: _sent, ...errors }: T): Omit<T, 'sent'> {
  return errors;
}

export { NOTICE_PREFIX };

/** An email address the database takes: no spaces, `?` or `&` (the browser checks type=email besides). */
export const SAFE_EMAIL_PATTERN = '[^?&\\s]+';

/** What a function answered to `fetch`. */
export interface GuestAnswer {
  ok: boolean;
  /** invalid, rate_limited, bad_request or failed. */
  error?: string;
  /** The field that was invalid. */
  field?: string;
  message?: string;
}

/**
 * Sends a form's data as the browser would post it (urlencoded, to the form's action), asking for JSON instead of
 * a redirect: a simple CORS request, so no preflight. Throws when the function cannot be reached.
 */
export async function postGuestForm(
  action: string,
  data: FormData,
  fetchImpl: typeof fetch = fetch,
): Promise<GuestAnswer> {
  const body = new URLSearchParams();
  for (const [name, value] of data) if (typeof value === 'string') body.append(name, value);
  const res = await fetchImpl(action, { method: 'POST', headers: { Accept: 'application/json' }, body });
  const answer = (await res.json().catch(() => ({}))) as Partial<GuestAnswer>;
  if (res.ok && answer.ok) return { ok: true, message: answer.message };
  // Only the function's own refusal says what to fix; anything else (a proxy's error page) is a plain failure.
  if (answer.ok !== false || typeof answer.error !== 'string') return { ok: false, error: 'failed' };
  return { ok: false, error: answer.error, field: answer.field, message: answer.message };
}
