/**
 * Submissions: visitor messages newest first, with their status actions; the newsletter subscribers (D13), which
 * staff can download as CSV; and guest data (#30): how long it is kept, and deleting one guest's on request.
 */
import { format } from 'date-fns/format';
import { useContactSubmissionsQuery } from '../../data/contact-submissions/contact-submissions-query';
import { useContactSubmissionStatusMutation } from '../../data/contact-submissions/contact-submission-status-mutation';
import { useNewsletterSubscribersQuery } from '../../data/newsletter-subscribers/newsletter-subscribers-query';
import { Panel } from '../../components/Panel';
import { QueryState } from '../../components/QueryState';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { toast } from '../../lib/toast';
import { downloadText } from './download';
import { ForgetGuest } from './ForgetGuest';
import { RetentionForm } from './RetentionForm';
import SubmissionItem, { when } from './SubmissionItem';
import { subscribersCsv } from './submissions.utils';

export default function SubmissionsTab() {
  const messages = useContactSubmissionsQuery();
  const subscribers = useNewsletterSubscribersQuery();
  const setStatus = useContactSubmissionStatusMutation();
  const mark = (id: string, status: 'read' | 'responded') =>
    setStatus.mutate({ id, status }, { onSuccess: () => toast.success('Status updated successfully') });
  const subscribed = subscribers.data?.filter((n) => !n.unsubscribed_at).length ?? 0;

  return (
    <div className="space-y-6">
      <Panel title={`Contact Submissions (${messages.data?.length ?? 0})`}>
        <QueryState query={messages} what="messages" empty={<p className="text-stone-700">No messages yet.</p>}>
          {(rows) => (
            <ul className="space-y-4">
              {rows.map((s) => (
                <SubmissionItem key={s.id} row={s} onMark={(status) => mark(s.id, status)} />
              ))}
            </ul>
          )}
        </QueryState>
      </Panel>
      <Panel
        title={`Newsletter Subscribers (${subscribers.data?.length ?? 0})`}
        actions={
          <Button
            type="button"
            variant="secondary"
            disabled={!subscribed}
            onClick={() =>
              downloadText(
                `newsletter-subscribers-${format(new Date(), 'yyyy-MM-dd')}.csv`,
                subscribersCsv(subscribers.data ?? []),
              )
            }
          >
            Export CSV
          </Button>
        }
      >
        <QueryState query={subscribers} what="newsletter subscribers">
          {(rows) => (
            <ul className="divide-y divide-stone-200 text-sm">
              {rows.map((n) => (
                <li key={n.id} className="flex flex-wrap justify-between gap-3 py-2">
                  <span className="break-all">
                    {n.email} {n.unsubscribed_at && <Badge variant="muted">unsubscribed</Badge>}
                  </span>
                  <span className="text-stone-600">{when(n.created_at)}</span>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
        <p className="mt-3 text-sm text-stone-700">The CSV holds the addresses still subscribed.</p>
      </Panel>
      <Panel title="Guest Data">
        <div className="space-y-6">
          <RetentionForm />
          <div>
            <h3 className="font-sans text-base font-semibold">Delete a guest’s data on request</h3>
            <p className="mb-2 text-sm text-stone-700">
              Find the guest by email address; their messages and newsletter address can then be deleted together.
            </p>
            <ForgetGuest messages={messages.data ?? []} subscribers={subscribers.data ?? []} />
          </div>
        </div>
      </Panel>
    </div>
  );
}
