/**
 * A guest's request to be forgotten (#30): find what is stored for an email address (messages and newsletter
 * address, as the lists hold them), then 'Delete everything about this guest', which asks first and deletes in one
 * call (`delete_guest_data`, admins only) whatever the database holds for that address.
 */
import { useId, useState } from 'react';
import type { Tables } from '../../lib/supabase';
import { useGuestDataDeleteMutation } from '../../data/guest-data/guest-data-delete-mutation';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Confirm } from '../../components/Confirm';
import { countOf } from '../../lib/plural';
import { toast } from '../../lib/toast';
import { when } from './SubmissionItem';
import { guestRecords } from './submissions.utils';

export function ForgetGuest({
  messages,
  subscribers,
}: {
  messages: ReadonlyArray<Tables<'contact_submissions'>>;
  subscribers: ReadonlyArray<Tables<'newsletter_subscribers'>>;
}) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const [email, setEmail] = useState('');
  const remove = useGuestDataDeleteMutation();
  const found = guestRecords(email, messages, subscribers);
  const any = found.messages.length + found.subscribers.length > 0;
  const what = [
    found.messages.length ? countOf(found.messages.length, 'message') : '',
    found.subscribers.length ? 'the newsletter address' : '',
  ]
    .filter(Boolean)
    .join(' and ');

  async function forget() {
    try {
      const done = await remove.mutateAsync(email);
      toast.success(
        'Guest data deleted',
        `${countOf(done.messages, 'message')} and ${countOf(done.subscribers, 'newsletter address', 'newsletter addresses')} deleted.`,
      );
      setEmail('');
      setTyped('');
    } catch {
      // the mutation's meta has said why; nothing was deleted
    }
  }

  return (
    <div>
      <form
        role="search"
        aria-label="Find a guest’s data"
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          setEmail(typed.trim());
        }}
      >
        <div className="min-w-56 flex-1">
          <Label htmlFor={`${id}-email`}>Guest’s email address</Label>
          <Input id={`${id}-email`} type="email" value={typed} onChange={(e) => setTyped(e.target.value)} />
        </div>
        <Button type="submit" variant="secondary" disabled={!typed.trim()}>
          Find
        </Button>
      </form>
      {email && (
        <div className="mt-3 text-sm" aria-live="polite">
          {!any ? (
            <p className="text-stone-700">Nothing is stored for {email}.</p>
          ) : (
            <>
              <p>
                Stored for {email}: {what}.
              </p>
              <ul className="mt-1 list-disc pl-5 text-stone-700">
                {found.messages.map((m) => (
                  <li key={m.id}>
                    “{m.subject}”, {when(m.created_at)}
                  </li>
                ))}
                {found.subscribers.map((s) => (
                  <li key={s.id}>
                    Newsletter since {when(s.created_at)}
                    {s.unsubscribed_at && <> (unsubscribed {when(s.unsubscribed_at)})</>}
                  </li>
                ))}
              </ul>
              <div className="mt-3">
                <Confirm
                  trigger={
                    <Button type="button" variant="danger" disabled={remove.isPending}>
                      {remove.isPending ? 'Deleting...' : 'Delete everything about this guest'}
                    </Button>
                  }
                  title="Delete everything about this guest?"
                  description={
                    <p>
                      This deletes {what} of {email}, for good. The activity log keeps only that it happened, not the
                      address.
                    </p>
                  }
                  confirmLabel="Delete everything"
                  onConfirm={() => void forget()}
                />
              </div>
            </>
          )}
        </div>
      )}
    </div>
  );
}
