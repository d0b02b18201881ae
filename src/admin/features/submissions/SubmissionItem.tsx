/** One visitor message: who, how to reply, whether staff were emailed about it, the text and its status actions. */
import { format } from 'date-fns/format';
import type { Tables } from '../../lib/supabase';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { mailtoHref, notificationOf } from './submissions.utils';

type Submission = Tables<'contact_submissions'>;

export const when = (iso: string) => format(new Date(iso), 'MMM d, yyyy h:mm a');

function EmailStatus({ row }: { row: Submission }) {
  const n = notificationOf(row);
  if (n.state === 'sent') return <Badge variant="success">Emailed to staff {when(n.at)}</Badge>;
  if (n.state === 'failed') {
    return (
      <>
        <Badge variant="danger">Email to staff failed</Badge>
        <p className="mt-1 text-sm text-red-800">{n.error}</p>
      </>
    );
  }
  if (n.state === 'held') {
    return (
      <>
        <Badge variant="warning">Held: not emailed to staff</Badge>
        <p className="mt-1 text-sm text-stone-700">
          It came during a flood of messages from many addresses; read it here before you reply.
        </p>
      </>
    );
  }
  return <Badge variant="muted">Not emailed to staff</Badge>;
}

export default function SubmissionItem({
  row,
  onMark,
}: {
  row: Submission;
  onMark: (status: 'read' | 'responded') => void;
}) {
  return (
    <li className="rounded-md border border-stone-200 p-4" data-status={row.status}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-sans text-base font-semibold text-stone-900">
          {row.first_name} {row.last_name}
        </h3>
        <Badge variant="muted">{row.status}</Badge>
      </div>
      <p className="text-sm text-stone-700">
        <a className="underline" href={mailtoHref(row.email)}>
          {row.email}
        </a>
        {row.phone && <> · {row.phone}</>} · {when(row.created_at)}
      </p>
      <div className="mt-1">
        <EmailStatus row={row} />
      </div>
      <p className="mt-2 font-semibold">{row.subject}</p>
      <p className="mt-1 text-sm whitespace-pre-wrap text-stone-800">{row.message}</p>
      <div className="mt-3 flex gap-2">
        {row.status === 'unread' && (
          <Button type="button" variant="secondary" onClick={() => onMark('read')}>
            Mark as Read
          </Button>
        )}
        {row.status !== 'responded' && (
          <Button type="button" variant="secondary" onClick={() => onMark('responded')}>
            Mark as Responded
          </Button>
        )}
      </div>
    </li>
  );
}
