/** Submissions: visitor messages newest first, with their status actions; the newsletter subscribers (D13). */
import { format } from 'date-fns/format';
import { useContactSubmissionsQuery } from '../../data/contact-submissions/contact-submissions-query';
import { useContactSubmissionStatusMutation } from '../../data/contact-submissions/contact-submission-status-mutation';
import { useNewsletterSubscribersQuery } from '../../data/newsletter-subscribers/newsletter-subscribers-query';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Panel } from '../../components/Panel';
import { QueryState } from '../../components/QueryState';
import { toast } from '../../lib/toast';

const when = (iso: string) => format(new Date(iso), 'MMM d, yyyy h:mm a');

export default function SubmissionsTab() {
  const messages = useContactSubmissionsQuery();
  const subscribers = useNewsletterSubscribersQuery();
  const setStatus = useContactSubmissionStatusMutation();
  const mark = (id: string, status: 'read' | 'responded') =>
    setStatus.mutate({ id, status }, { onSuccess: () => toast.success('Status updated successfully') });

  return (
    <div className="space-y-6">
      <Panel title={`Contact Submissions (${messages.data?.length ?? 0})`}>
        <QueryState query={messages} what="messages" empty={<p className="text-stone-700">No messages yet.</p>}>
          {(rows) => (
            <ul className="space-y-4">
              {rows.map((s) => (
                <li key={s.id} className="rounded-md border border-stone-200 p-4" data-status={s.status}>
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <h3 className="font-sans text-base font-semibold text-stone-900">
                      {s.first_name} {s.last_name}
                    </h3>
                    <Badge variant="muted">{s.status}</Badge>
                  </div>
                  <p className="text-sm text-stone-700">
                    <a className="underline" href={`mailto:${s.email}`}>
                      {s.email}
                    </a>
                    {s.phone && <> · {s.phone}</>} · {when(s.created_at)}
                  </p>
                  <p className="mt-2 font-semibold">{s.subject}</p>
                  <p className="mt-1 text-sm whitespace-pre-wrap text-stone-800">{s.message}</p>
                  <div className="mt-3 flex gap-2">
                    {s.status === 'unread' && (
                      <Button type="button" variant="secondary" onClick={() => mark(s.id, 'read')}>
                        Mark as Read
                      </Button>
                    )}
                    {s.status !== 'responded' && (
                      <Button type="button" variant="secondary" onClick={() => mark(s.id, 'responded')}>
                        Mark as Responded
                      </Button>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </Panel>
      <Panel title={`Newsletter Subscribers (${subscribers.data?.length ?? 0})`}>
        <QueryState query={subscribers} what="newsletter subscribers">
          {(rows) => (
            <ul className="divide-y divide-stone-200 text-sm">
              {rows.map((n) => (
                <li key={n.id} className="flex justify-between gap-3 py-2">
                  <span>{n.email}</span>
                  <span className="text-stone-600">{when(n.created_at)}</span>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </Panel>
    </div>
  );
}
