/**
 * The SEO block of every editor (blog posts, pages, Page SEO): meta title and description with their /60 and
 * /160 counters, keywords, canonical, Open Graph and Twitter fields with the spec's options, schema markup that
 * must parse as JSON (said inline as it is typed), alt text and the indexed switch. Lives inside a
 * react-hook-form whose values hold these fields under `name` (default 'seo').
 */
import { useController, useFormContext, useWatch, type Control } from 'react-hook-form';
import { FormSwitch, SelectField, TextAreaField, TextField } from './fields';
import { ImageUpload } from './image-upload/ImageUpload';
import type { UploadFolder } from '../data/storage/upload-image-mutation';
import {
  OG_TYPES,
  SEO_DESCRIPTION_GUIDE,
  SEO_TITLE_GUIDE,
  TWITTER_CARDS,
  jsonProblem,
  type SeoFieldsValues,
} from '../lib/seo-fields-schema';

type Form = { seo: SeoFieldsValues };

function Counter({ value, guide }: { value: string; guide: number }) {
  const over = value.length > guide;
  return (
    <span className={over ? 'font-semibold text-red-800' : undefined}>
      {value.length}/{guide} characters{over ? ' (longer than search results show)' : ''}
    </span>
  );
}

/** An image field of the SEO block as the upload widget (URL, upload, preview). */
function SeoImage({
  control,
  name,
  label,
  folder,
  hint,
}: {
  control: Control<Form>;
  name: 'seo.og_image' | 'seo.twitter_image';
  label: string;
  folder: UploadFolder;
  hint: string;
}) {
  const { field } = useController({ control, name });
  return (
    <ImageUpload
      id={name.replace('.', '-')}
      label={label}
      folder={folder}
      hint={hint}
      value={field.value ?? ''}
      onChange={field.onChange}
    />
  );
}

export function SeoFields({
  ogImage = true,
  uploads,
}: {
  /** Whether the Open Graph image is asked for here. */
  ogImage?: boolean;
  /** When set, the Open Graph and Twitter images are upload widgets storing into this folder. */
  uploads?: UploadFolder;
}) {
  const { register, control, formState } = useFormContext<Form>();
  // Given to the selects too: react-hook-form may set a select's value before its options exist (React 19).
  const defaults = formState.defaultValues?.seo;
  const [title, description, markup] = useWatch({
    control,
    name: ['seo.meta_title', 'seo.meta_description', 'seo.schema_markup'],
  });
  const markupProblem = jsonProblem(markup ?? '');
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <TextField
        label="SEO Title"
        hint={<Counter value={title ?? ''} guide={SEO_TITLE_GUIDE} />}
        {...register('seo.meta_title')}
      />
      <TextField label="Keywords" hint="Comma-separated" {...register('seo.seo_keywords')} />
      <div className="md:col-span-2">
        <TextAreaField
          label="Meta Description"
          rows={3}
          hint={<Counter value={description ?? ''} guide={SEO_DESCRIPTION_GUIDE} />}
          {...register('seo.meta_description')}
        />
      </div>
      <TextField label="Canonical URL" type="url" {...register('seo.canonical_url')} />
      <TextField label="Image Alt Text" {...register('seo.alt_text')} />
      <TextField label="Open Graph Title" {...register('seo.og_title')} />
      <SelectField label="Open Graph Type" defaultValue={defaults?.og_type} {...register('seo.og_type')}>
        {OG_TYPES.map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
      </SelectField>
      <div className="md:col-span-2">
        <TextAreaField label="Open Graph Description" rows={2} {...register('seo.og_description')} />
      </div>
      {ogImage && uploads && (
        <div className="md:col-span-2">
          <SeoImage
            control={control}
            name="seo.og_image"
            label="Open Graph Image"
            folder={uploads}
            hint="Shown when the page is shared. Recommended: 1200 × 630 pixels."
          />
        </div>
      )}
      {ogImage && !uploads && <TextField label="Open Graph Image URL" type="url" {...register('seo.og_image')} />}
      <SelectField label="Twitter Card" defaultValue={defaults?.twitter_card} {...register('seo.twitter_card')}>
        {TWITTER_CARDS.map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
      </SelectField>
      <TextField label="Twitter Title" {...register('seo.twitter_title')} />
      {uploads ? (
        <div className="md:col-span-2">
          <SeoImage
            control={control}
            name="seo.twitter_image"
            label="Twitter Image"
            folder={uploads}
            hint="Empty: the Open Graph image. Recommended: 1200 × 600 pixels."
          />
        </div>
      ) : (
        <TextField label="Twitter Image URL" type="url" {...register('seo.twitter_image')} />
      )}
      <div className="md:col-span-2">
        <TextAreaField label="Twitter Description" rows={2} {...register('seo.twitter_description')} />
      </div>
      <div className="md:col-span-2">
        <TextAreaField
          label="Schema Markup (JSON-LD)"
          rows={6}
          className="font-mono text-sm"
          aria-invalid={markupProblem ? true : undefined}
          hint={
            markupProblem ? (
              <span className="font-semibold text-red-800">Not valid JSON yet: {markupProblem}</span>
            ) : (
              'Leave empty to use the structured data the site generates.'
            )
          }
          {...register('seo.schema_markup')}
        />
      </div>
      <FormSwitch control={control} name="seo.is_indexed" label="Allow search engines to index this page" />
    </div>
  );
}
