import { useState, type FormEvent } from 'react';
import { showToast } from '../shared/toast';
import { InsertError, insertRow } from '../../lib/rest/insert-row';

interface Props {
  supabaseUrl: string;
  anonKey: string;
}

export const SUBSCRIBED = 'Thank you for subscribing!';
export const ALREADY = 'You are already subscribed. Thank you!';
export const FAILED = 'Failed to subscribe. Please try again.';

/** 'Subscribe to Our Newsletter' (D13): stores the address and confirms with a toast; keeps it on failure. */
export default function NewsletterForm({ supabaseUrl, anonKey }: Props) {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      await insertRow(supabaseUrl, anonKey, 'newsletter_subscribers', { email: email.trim() });
      void showToast('success', SUBSCRIBED);
      setEmail('');
    } catch (err) {
      if (err instanceof InsertError && err.code === '23505') {
        void showToast('success', ALREADY);
        setEmail('');
      } else {
        console.error(err);
        void showToast('error', FAILED);
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <form onSubmit={onSubmit} className="mx-auto mt-6 flex max-w-md flex-col gap-3 sm:flex-row">
        <label className="flex-1">
          <span className="sr-only">Email address</span>
          <input
            type="email"
            required
            maxLength={254}
            autoComplete="email"
            placeholder="Your email address"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            className="w-full rounded-full border border-stone-400 bg-white px-5 py-3 text-base text-stone-900"
          />
        </label>
        <button type="submit" disabled={busy} className="btn-light disabled:opacity-70">
          {busy ? 'Subscribing...' : 'Subscribe'}
        </button>
      </form>
    </>
  );
}
