/** Add or edit a review: one react-hook-form over reviewInputSchema; the first problem shows as the spec's toast. */
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormActions, FormSwitch, SelectField, TextAreaField, TextField } from '../../components/fields';
import { toastFirstError } from '../../lib/form-errors';
import { useSite } from '../../lib/site';
import { GOOGLE, isGoogle } from '../../../lib/reviews/platform';
import { blankReview, reviewInputSchema, reviewValues, type ReviewInput } from './review-input-schema';

export function ReviewForm({
  editing,
  onSave,
  onCancel,
}: {
  editing: ReviewInput | null;
  onSave: (input: ReviewInput) => Promise<boolean>;
  onCancel: () => void;
}) {
  const site = useSite();
  // Also given to the selects themselves: react-hook-form sets a select's value when it registers it, which under
  // React 19 can come before its options exist, and the first option would show (and be saved) instead.
  const [defaults] = useState(() => (editing ? reviewValues(editing) : blankReview()));
  const form = useForm<ReviewInput>({
    resolver: zodResolver(reviewInputSchema),
    defaultValues: defaults,
  });
  const { register, control, handleSubmit, reset, formState } = form;
  const submit = handleSubmit(async (values) => {
    const ok = await onSave(values);
    if (ok && !editing) reset(blankReview());
  }, toastFirstError);

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate className="grid gap-4 md:grid-cols-2">
        <TextField label="Reviewer Name" {...register('reviewer_name')} />
        <TextField label="Review Date" type="date" {...register('review_date')} />
        <div className="md:col-span-2">
          <TextAreaField label="Review Text" rows={4} {...register('review_text')} />
        </div>
        <SelectField
          label="Rating"
          defaultValue={String(defaults.rating)}
          {...register('rating', { setValueAs: Number })}
        >
          {[5, 4, 3, 2, 1].map((n) => (
            <option key={n} value={n}>
              {'★'.repeat(n)} ({n} of 5)
            </option>
          ))}
        </SelectField>
        <SelectField label="Platform" defaultValue={defaults.platform_source} {...register('platform_source')}>
          <option value={GOOGLE}>{GOOGLE}</option>
          {/* A website review keeps the host it was stored under; every website review reads as the configured host. */}
          <option value={editing && !isGoogle(editing.platform_source) ? editing.platform_source : site.host}>
            {site.host}
          </option>
        </SelectField>
        <FormSwitch control={control} name="is_displayed" label="Displayed" />
        <FormSwitch control={control} name="is_featured" label="Featured" />
        <FormActions
          className="flex gap-3 md:col-span-2"
          label={editing ? 'Update Review' : 'Add Review'}
          busy={formState.isSubmitting}
          onCancel={editing ? onCancel : undefined}
        />
      </form>
    </FormProvider>
  );
}
