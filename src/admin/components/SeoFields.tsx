/**
 * The SEO block of every editor (blog posts, pages, Page SEO): meta title and description with their /60 and
 * /160 counters, keywords, canonical, Open Graph and Twitter fields with the spec's options, schema markup that
 * must parse as JSON (said inline as it is typed), alt text and the indexed switch. Lives inside a
 * react-hook-form whose values hold these fields under `name` (default 'seo').
 */
import { useFormContext, useWatch } from 'react-hook-form';
import { FormSwitch, SelectField, TextAreaField, TextField } from './fields';
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

export function SeoFields({
  ogImage = true,
}: {
  /** Whether the Open Graph image is asked for here. */ ogImage?: boolean;
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
      {ogImage && <TextField label="Open Graph Image URL" type="url" {...register('seo.og_image')} />}
      <SelectField label="Twitter Card" defaultValue={defaults?.twitter_card} {...register('seo.twitter_card')}>
        {TWITTER_CARDS.map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
      </SelectField>
      <TextField label="Twitter Title" {...register('seo.twitter_title')} />
      <TextField label="Twitter Image URL" type="url" {...register('seo.twitter_image')} />
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
