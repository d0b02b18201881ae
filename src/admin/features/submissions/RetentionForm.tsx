/**
 * How long guest data is kept (#30): the months after which contact messages, and the addresses of those who
 * unsubscribed from the newsletter, are deleted by the daily job. Saved with the D18 check like every form.
 */
import { useEffect, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Tables } from '../../lib/supabase';
import { useRetentionSettingsQuery } from '../../data/retention-settings/retention-settings-query';
import { useRetentionSettingsSaveMutation } from '../../data/retention-settings/retention-settings-save-mutation';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../components/fields';
import { LoadFailed } from '../../components/QueryState';
import { toastFirstError } from '../../lib/form-errors';
import { toast } from '../../lib/toast';
import { DEFAULT_RETENTION_MONTHS, retentionInputSchema, type RetentionInput } from './retention-input-schema';

export function RetentionForm() {
  const setting = useRetentionSettingsQuery();
  const save = useRetentionSettingsSaveMutation();
  const form = useForm<RetentionInput>({
    resolver: zodResolver(retentionInputSchema),
    defaultValues: { retention_months: DEFAULT_RETENTION_MONTHS },
  });
  // The row the form was filled from (null: there is none, the save adds it); undefined until it is read.
  const [loaded, setLoaded] = useState<Tables<'retention_settings'> | null | undefined>(undefined);
  const row = setting.data;
  useEffect(() => {
    if (row !== undefined && loaded === undefined) {
      form.reset({ retention_months: row?.retention_months ?? DEFAULT_RETENTION_MONTHS });
      setLoaded(row);
    }
  }, [row, loaded, form]);

  const submit = form.handleSubmit(async ({ retention_months }) => {
    try {
      await save.mutateAsync({ loaded: loaded ?? null, months: retention_months });
    } catch {
      return; // the mutation's meta has said why; the form keeps the number
    }
    toast.success('Retention setting saved', `Guest data is now kept ${retention_months} months.`);
    setLoaded(undefined);
  }, toastFirstError);

  if (setting.isPending) return <Spinner label="Loading the retention setting" />;
  if (setting.isError) return <LoadFailed query={setting} what="retention setting" />;
  const busy = form.formState.isSubmitting;
  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate aria-label="Retention" className="flex flex-wrap items-end gap-3">
        <div className="w-56">
          <TextField
            label="Keep guest data for (months)"
            type="number"
            inputMode="numeric"
            min={1}
            max={120}
            step={1}
            required
            {...form.register('retention_months', { valueAsNumber: true })}
          />
        </div>
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving...' : 'Save Retention'}
        </Button>
      </form>
      <p className="mt-2 text-sm text-stone-700">
        Every day, contact messages older than this are deleted, and so are newsletter addresses unsubscribed longer ago
        than this; addresses still subscribed are kept. Each deletion is listed in Activity.
      </p>
    </FormProvider>
  );
}
