/**
 * Redirects (D6, D7): add with validation (relative path or absolute URL, From ≠ To, no loop with the active
 * rules), list with type badges and active switches, delete after confirmation. Every change asks for a publish,
 * since redirects are compiled into the build's _redirects.
 */
import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { supabase, type Tables } from '../../lib/supabase';
import { keys } from '../../lib/query';
import { useChanged, useDelete, useRows } from '../../lib/table';
import { toast } from '../../lib/toast';
import { failure, updateUnchanged } from '../../lib/rows';
import { MESSAGES, createsLoop, redirectProblem } from '../../lib/validation';
import { useSite } from '../../lib/site';
import { Card, Confirm, Field, Spinner, Switch, inputClass, primaryButton, secondaryButton } from '../../components/ui';

type Redirect = Tables<'seo_redirects'>;

export function RedirectForm({
  active,
  onAdd,
}: {
  active: Redirect[];
  onAdd: (row: { from_url: string; to_url: string; redirect_type: number; is_active: boolean }) => Promise<boolean>;
}) {
  const site = useSite();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [type, setType] = useState(301);
  const [isActive, setIsActive] = useState(true);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const problem = redirectProblem(from, to, isActive ? active : [], `${site.origin}/new-page`, site.host);
    if (problem) {
      toast.error(problem[0], problem[1]);
      return;
    }
    setBusy(true);
    const ok = await onAdd({ from_url: from.trim(), to_url: to.trim(), redirect_type: type, is_active: isActive });
    setBusy(false);
    if (ok) {
      setFrom('');
      setTo('');
      setType(301);
      setIsActive(true);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4 md:grid-cols-2">
      <Field label="From URL" placeholder="/old-page" value={from} onChange={(e) => setFrom(e.target.value)} />
      <Field label="To URL" placeholder="/new-page" value={to} onChange={(e) => setTo(e.target.value)} />
      <div>
        <label htmlFor="redirect-type" className="block text-sm font-medium text-stone-800">
          Redirect Type
        </label>
        <select
          id="redirect-type"
          className={inputClass}
          value={type}
          onChange={(e) => setType(Number(e.target.value))}
        >
          <option value={301}>301 Permanent</option>
          <option value={302}>302 Temporary</option>
        </select>
      </div>
      <div className="flex items-end">
        <Switch label="Active" checked={isActive} onChange={setIsActive} />
      </div>
      <div className="md:col-span-2">
        <button type="submit" className={primaryButton} disabled={busy}>
          {busy ? 'Adding...' : 'Add Redirect'}
        </button>
      </div>
    </form>
  );
}

export default function Redirects() {
  const site = useSite();
  const { data: rows, isLoading } = useRows(
    'seo_redirects',
    keys.redirects.all,
    { column: 'created_at', ascending: false },
    'Failed to fetch redirects',
  );
  const changed = useChanged(keys.redirects.all);

  async function add(row: { from_url: string; to_url: string; redirect_type: number; is_active: boolean }) {
    const { error } = await supabase.from('seo_redirects').insert(row);
    if (error) {
      toast.error(
        'Failed to create redirect',
        error.code === '23505' ? `A redirect from ${row.from_url} already exists.` : undefined,
      );
      return false;
    }
    toast.success('Redirect created successfully');
    await changed();
    return true;
  }

  const toggle = useMutation({
    mutationFn: async ({ row, on }: { row: Redirect; on: boolean }) => {
      await updateUnchanged('seo_redirects', row.id, row.updated_at, { is_active: on });
    },
    onSuccess: async (_d, { on }) => {
      toast.success(on ? 'Redirect activated' : 'Redirect deactivated');
      await changed();
    },
    onError: (err) => toast.error(failure(err, 'Failed to update redirect status')),
  });

  const remove = useDelete('seo_redirects', changed, {
    done: 'Redirect deleted successfully',
    failed: 'Failed to delete redirect',
  });

  const list = rows ?? [];
  const active = list.filter((r) => r.is_active);
  return (
    <div className="space-y-6">
      <Card title="Add Redirect">
        <RedirectForm active={active} onAdd={add} />
      </Card>
      <Card title={`Existing Redirects (${list.length})`}>
        {isLoading ? (
          <Spinner />
        ) : list.length === 0 ? (
          <p className="text-stone-700">No redirects configured yet. Add your first redirect above.</p>
        ) : (
          <ul className="divide-y divide-stone-200">
            {list.map((r) => (
              <li
                key={r.id}
                className={`flex flex-wrap items-center gap-3 py-3 ${r.is_active ? '' : 'bg-stone-100 text-stone-600'}`}
                data-active={r.is_active}
              >
                <span className="min-w-0 flex-1 font-mono text-sm break-all">
                  {r.from_url} <span aria-label="redirects to">→</span> {r.to_url}
                </span>
                <span className="rounded-full bg-stone-200 px-2 py-0.5 text-xs font-semibold text-stone-800">
                  {r.redirect_type}
                </span>
                <Switch
                  label={`Active: ${r.from_url}`}
                  checked={r.is_active}
                  disabled={toggle.isPending}
                  onChange={(on) => {
                    if (on && createsLoop(active, r.from_url, r.to_url, site.host)) {
                      toast.error(MESSAGES.loop[0], MESSAGES.loop[1]);
                      return;
                    }
                    toggle.mutate({ row: r, on });
                  }}
                />
                <Confirm
                  trigger={
                    <button type="button" className={secondaryButton} aria-label={`Delete redirect ${r.from_url}`}>
                      Delete
                    </button>
                  }
                  title="Delete redirect"
                  description={
                    <>
                      <p>Are you sure you want to delete this redirect? This action cannot be undone.</p>
                      <p className="mt-2 font-mono break-all">From: {r.from_url}</p>
                      <p className="font-mono break-all">To: {r.to_url}</p>
                    </>
                  }
                  onConfirm={() => remove.mutate(r)}
                />
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title="How redirects work">
        <ul className="list-disc space-y-1 pl-5 text-sm text-stone-700">
          <li>301 (Permanent) passes the old page&apos;s SEO authority to the new one.</li>
          <li>302 (Temporary) keeps the SEO authority on the original URL.</li>
          <li>Use relative paths (e.g., /old-page) for pages on this site and full URLs for other sites.</li>
          <li>Redirects may take a few minutes to take effect.</li>
        </ul>
      </Card>
    </div>
  );
}
