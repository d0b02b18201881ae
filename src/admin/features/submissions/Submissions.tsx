/** Submissions: visitor messages newest first, with their status actions; the newsletter subscribers (D13). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { format } from 'date-fns/format';
import { supabase, type Tables } from '../../lib/supabase';
import { keys } from '../../lib/query';
import { toast } from '../../lib/toast';
import { useRows } from '../../lib/table';
import { Card, Spinner, secondaryButton } from '../../components/ui';

type Submission = Tables<'contact_submissions'>;
const when = (iso: string) => format(new Date(iso), 'MMM d, yyyy h:mm a');

export default function Submissions() {
  const queryClient = useQueryClient();
  const { data: rows, isLoading } = useRows(
    'contact_submissions',
    keys.submissions.all,
    { column: 'created_at', ascending: false },
    'Failed to fetch contact submissions',
  );
  const { data: subscribers } = useRows('newsletter_subscribers', keys.submissions.subscribers, {
    column: 'created_at',
    ascending: false,
  });

  const setStatus = useMutation({
    mutationFn: async ({ s, status }: { s: Submission; status: Submission['status'] }) => {
      const { error } = await supabase.from('contact_submissions').update({ status }).eq('id', s.id);
      if (error) throw error;
      return status;
    },
    onSuccess: (status, { s }) => {
      // The list updates in place.
      queryClient.setQueryData<Submission[]>(keys.submissions.all, (old) =>
        old?.map((x) => (x.id === s.id ? { ...x, status } : x)),
      );
      toast.success('Status updated successfully');
    },
    onError: () => toast.error('Failed to update status'),
  });

  return (
    <div className="space-y-6">
      <Card title={`Contact Submissions (${rows?.length ?? 0})`}>
        {isLoading ? (
          <Spinner />
        ) : !rows?.length ? (
          <p className="text-stone-700">No messages yet.</p>
        ) : (
          <ul className="space-y-4">
            {rows.map((s) => (
              <li key={s.id} className="rounded-md border border-stone-200 p-4" data-status={s.status}>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h3 className="font-sans text-base font-semibold text-stone-900">
                    {s.first_name} {s.last_name}
                  </h3>
                  <span className="rounded-full bg-stone-200 px-2 py-0.5 text-xs font-semibold text-stone-800">
                    {s.status}
                  </span>
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
                    <button
                      type="button"
                      className={secondaryButton}
                      onClick={() => setStatus.mutate({ s, status: 'read' })}
                    >
                      Mark as Read
                    </button>
                  )}
                  {s.status !== 'responded' && (
                    <button
                      type="button"
                      className={secondaryButton}
                      onClick={() => setStatus.mutate({ s, status: 'responded' })}
                    >
                      Mark as Responded
                    </button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title={`Newsletter Subscribers (${subscribers?.length ?? 0})`}>
        <ul className="divide-y divide-stone-200 text-sm">
          {(subscribers ?? []).map((n) => (
            <li key={n.id} className="flex justify-between gap-3 py-2">
              <span>{n.email}</span>
              <span className="text-stone-600">{when(n.created_at)}</span>
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}
