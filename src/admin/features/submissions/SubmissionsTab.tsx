/** Submissions: visitor messages newest first, with their status actions; the newsletter subscribers (D13). */
import { useContactSubmissionsQuery } from '../../data/contact-submissions/contact-submissions-query';
import { useContactSubmissionStatusMutation } from '../../data/contact-submissions/contact-submission-status-mutation';
import { useNewsletterSubscribersQuery } from '../../data/newsletter-subscribers/newsletter-subscribers-query';
import { Panel } from '../../components/Panel';
import { QueryState } from '../../components/QueryState';
import { toast } from '../../lib/toast';
import SubmissionItem, { when } from './SubmissionItem';

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
                <SubmissionItem key={s.id} row={s} onMark={(status) => mark(s.id, status)} />
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
