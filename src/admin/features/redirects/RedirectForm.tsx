/** Add a redirect: validated against the spec's URL rules and the active rules (no loops, D7). */
import { FormProvider, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '../../../components/ui/button';
import { FormSwitch, SelectField, TextField } from '../../components/fields';
import { toastFirstError } from '../../lib/form-errors';
import type { ActiveRedirect } from '../../lib/validation';
import { useSite } from '../../lib/site';
import { blankRedirect, redirectInputSchema, type RedirectInput } from './redirect-input-schema';

export function RedirectForm({
  active,
  onAdd,
}: {
  active: ActiveRedirect[];
  onAdd: (row: RedirectInput) => Promise<boolean>;
}) {
  const site = useSite();
  const form = useForm<RedirectInput>({
    resolver: zodResolver(redirectInputSchema({ active, exampleUrl: `${site.origin}/new-page`, siteHost: site.host })),
    defaultValues: blankRedirect(),
  });
  const { register, control, handleSubmit, reset, formState } = form;
  const submit = handleSubmit(async (row) => {
    if (await onAdd(row)) reset(blankRedirect());
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
    </FormProvider>
  );
}
