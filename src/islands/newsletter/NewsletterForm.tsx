import { useState, type FormEvent } from 'react';
import { showToast } from '../shared/toast';
import FormNotices from '../shared/FormNotices';
import { SAFE_EMAIL_PATTERN, postGuestForm } from '../shared/guest-form';

interface Props {
  /** The `subscribe` function's URL: the form posts there with or without JavaScript (D22). */
  action: string;
  /** The page the form is on, where a plain post comes back to with its error. */
  returnTo: string;
}

export const SUBSCRIBED = 'Thank you for subscribing!';
export const FAILED = 'Failed to subscribe. Please try again.';

/**
 * 'Subscribe to Our Newsletter' (D13, D22): a real form posting to the `subscribe` function, which answers the same
 * for a new and an already subscribed address. Enhanced, it sends with `fetch` and confirms with a toast; the
 * address is kept on failure.
 */
export default function NewsletterForm({ action, returnTo }: Props) {
  const [busy, setBusy] = useState(false);
  const [retried, setRetried] = useState(false);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    setBusy(true);
    setRetried(true);
    try {
      const answer = await postGuestForm(form.action, new FormData(form));
      if (answer.ok) {
        void showToast('success', SUBSCRIBED);
        form.reset();
      } else {
        void showToast('error', answer.message ?? FAILED);
      }
    } catch (err) {
      console.error(err);
      void showToast('error', FAILED);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <form
        method="post"
        action={action}
        onSubmit={onSubmit}
        className="mx-auto mt-6 flex max-w-md flex-col gap-3 sm:flex-row"
      >
        <input type="hidden" name="return_to" value={returnTo} />
        <label className="flex-1">
          <span className="sr-only">Email address</span>
          <input
            type="email"
            name="email"
            required
            maxLength={254}
            pattern={SAFE_EMAIL_PATTERN}
            title="An email address, without spaces, ? or &"
            autoComplete="email"
            placeholder="Your email address"
            className="w-full rounded-full border border-stone-400 bg-white px-5 py-3 text-base text-stone-900"
          />
        </label>
        <button type="submit" disabled={busy} className="btn-light disabled:opacity-70">
          {busy ? 'Subscribing...' : 'Subscribe'}
        </button>
      </form>
      {!retried && <FormNotices kind="subscribe" className="mx-auto mt-4 max-w-md text-left" />}
    </>
  );
}
