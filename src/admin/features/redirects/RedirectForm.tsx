/**
 * Add a redirect: validated against the spec's URL rules and the active rules (no loops, D7). One from an address
 * the site serves asks first, naming the page it hides and the redirects that will lead on through it (#31).
 * 'Create redirect' in the Not found list (#29) fills it with a missing path and a suggested target (`prefill`).
 */
import { useEffect, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '../../../components/ui/button';
import { FormSwitch, SelectField, TextField } from '../../components/fields';
import { toastFirstError } from '../../lib/form-errors';
import type { ActiveRedirect } from '../../lib/validation';
import { useSite } from '../../lib/site';
import { Confirm } from '../../components/Confirm';
import { blankRedirect, redirectInputSchema, type RedirectInput } from './redirect-input-schema';
import { redirectWarning, type LiveAddresses, type RedirectWarning } from '../../lib/live-addresses';

/** What to fill the form with; a new `at` fills it again, even with the same paths. */
export interface RedirectPrefill {
  from_url: string;
  to_url: string;
  at: number;
}

export function RedirectForm({
  active,
  live,
  onAdd,
  prefill,
}: {
  active: ActiveRedirect[];
  /** The addresses the site serves (liveAddresses), to warn before one is redirected. */
  live: LiveAddresses;
  onAdd: (row: RedirectInput) => Promise<boolean>;
  prefill?: RedirectPrefill;
}) {
  const site = useSite();
  const [pending, setPending] = useState<{ row: RedirectInput; warning: RedirectWarning } | null>(null);
  const form = useForm<RedirectInput>({
    resolver: zodResolver(redirectInputSchema({ active, exampleUrl: `${site.origin}/new-page`, siteHost: site.host })),
    defaultValues: blankRedirect(),
  });
  const { register, control, handleSubmit, reset, setValue, clearErrors, setFocus, formState } = form;
  useEffect(() => {
    if (!prefill) return;
    // setValue, not reset: a reset drops the fields' references, and the focus with them.
    setValue('from_url', prefill.from_url, { shouldDirty: true });
    setValue('to_url', prefill.to_url, { shouldDirty: true });
    clearErrors();
    // The target is the suggestion to check (or to type, when there is none): focus brings the form into view.
    setFocus('to_url', { shouldSelect: true });
  }, [prefill, setValue, clearErrors, setFocus]);
  const add = async (row: RedirectInput) => {
    if (await onAdd(row)) reset(blankRedirect());
  };
  const submit = handleSubmit(async (row) => {
    const warning = row.is_active ? redirectWarning(row.from_url, live, active, site.host) : null;
    if (warning) setPending({ row, warning });
    else await add(row);
  }, toastFirstError);

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate className="grid gap-4 md:grid-cols-2">
        <TextField label="From URL" placeholder="/old-page" {...register('from_url')} />
        <TextField label="To URL" placeholder="/new-page" {...register('to_url')} />
        <SelectField label="Redirect Type" {...register('redirect_type', { setValueAs: Number })}>
          <option value={301}>301 Permanent</option>
          <option value={302}>302 Temporary</option>
        </SelectField>
        <div className="flex items-end">
          <FormSwitch control={control} name="is_active" label="Active" />
        </div>
        <div className="md:col-span-2">
          <Button type="submit" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? 'Adding...' : 'Add Redirect'}
          </Button>
        </div>
      </form>
      <Confirm
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title="Redirect a live page?"
        description={
          <div className="space-y-2">
            <p>
              {pending?.row.from_url} is the address of “{pending?.warning.page}”. Guests and search engines will be
              sent to {pending?.row.to_url} instead, and will no longer see that page.
            </p>
            {pending && pending.warning.chains.length > 0 && (
              <>
                <p>These redirects lead there, and will lead on to {pending.row.to_url}:</p>
                <ul className="list-disc pl-5 break-words">
                  {pending.warning.chains.map((from) => (
                    <li key={from}>
                      {from} → {pending.row.from_url} → {pending.row.to_url}
                    </li>
                  ))}
                </ul>
              </>
            )}
          </div>
        }
        confirmLabel="Redirect anyway"
        onConfirm={() => {
          const row = pending!.row;
          setPending(null);
          void add(row);
        }}
      />
    </FormProvider>
  );
}
