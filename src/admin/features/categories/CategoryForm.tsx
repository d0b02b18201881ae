/** Create or edit a category; the slug follows the name until it is edited by hand (spec §5). */
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormActions, TextAreaField, TextField } from '../../components/fields';
import { toastFirstError } from '../../lib/form-errors';
import { slugify } from '../../lib/validation';
import {
  blankCategory,
  categoryInputSchema,
  type CategoryFormValues,
  type CategoryInput,
} from './category-input-schema';

interface Editing {
  name: string;
  slug: string;
  description: string | null;
  seo_title: string | null;
}

export function CategoryForm({
  editing,
  onSave,
  onCancel,
}: {
  editing: Editing | null;
  onSave: (input: CategoryInput) => Promise<boolean>;
  onCancel: () => void;
}) {
  const [slugEdited, setSlugEdited] = useState(Boolean(editing));
  const form = useForm<CategoryFormValues, unknown, CategoryInput>({
    resolver: zodResolver(categoryInputSchema),
    defaultValues: editing
      ? {
          name: editing.name,
          slug: editing.slug,
          description: editing.description ?? '',
          seo_title: editing.seo_title ?? '',
        }
      : blankCategory(),
  });
  const { register, handleSubmit, reset, setValue, formState } = form;
  const submit = handleSubmit(async (values) => {
    const ok = await onSave(values);
    if (ok && !editing) {
      reset(blankCategory());
      setSlugEdited(false);
    }
  }, toastFirstError);

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate className="grid gap-4 md:grid-cols-2">
        <TextField
          label="Name"
          {...register('name', { onChange: (e) => !slugEdited && setValue('slug', slugify(e.target.value)) })}
        />
        <TextField
          label="Slug"
          hint="Used in the blog's category filter."
          {...register('slug', { onChange: () => setSlugEdited(true) })}
        />
        <div className="md:col-span-2">
          <TextAreaField label="Description" rows={3} {...register('description')} />
        </div>
        <TextField label="SEO Title" {...register('seo_title')} />
        <FormActions
          className="flex items-end gap-3"
          label={editing ? 'Update Category' : 'Create Category'}
          busy={formState.isSubmitting}
          onCancel={editing ? onCancel : undefined}
        />
      </form>
    </FormProvider>
  );
}
