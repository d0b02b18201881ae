/** One redirect in the list: From → To, its type, the active switch and delete. */
import type { Tables } from '../../lib/supabase';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Confirm } from '../../components/Confirm';
import { SwitchField } from '../../components/fields';
import { PathText } from '../../components/PathText';

export function RedirectItem({
  redirect: r,
  busy,
  onToggle,
  onDelete,
}: {
  redirect: Tables<'seo_redirects'>;
  busy: boolean;
  onToggle: (on: boolean) => void;
  onDelete: () => void;
}) {
  return (
    <li
      className={`flex flex-wrap items-center gap-3 py-3 ${r.is_active ? '' : 'bg-stone-100 text-stone-600'}`}
      data-active={r.is_active}
    >
      {/* The whole width on a phone, the controls on the line below; beside them from sm up (#31). */}
      <span className="min-w-0 basis-full font-mono text-sm sm:flex-1 sm:basis-0">
        <PathText path={r.from_url} /> <span aria-label="redirects to">→</span> <PathText path={r.to_url} />
      </span>
      <Badge variant="muted">{r.redirect_type}</Badge>
      <SwitchField label={`Active: ${r.from_url}`} checked={r.is_active} disabled={busy} onCheckedChange={onToggle} />
      <Confirm
        trigger={
          <Button type="button" variant="secondary" aria-label={`Delete redirect ${r.from_url}`}>
            Delete
          </Button>
        }
        title="Delete redirect"
        description={
          <>
            <p>Are you sure you want to delete this redirect? This action cannot be undone.</p>
            <p className="mt-2 font-mono break-all">From: {r.from_url}</p>
            <p className="font-mono break-all">To: {r.to_url}</p>
          </>
        }
        onConfirm={onDelete}
      />
    </li>
  );
}
