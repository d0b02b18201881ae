/**
 * Global SEO (spec: SEO & Favicon): Global Settings (analytics and verification IDs, header and body scripts, site
 * name and description, default schema markup) and Social & Open Graph (default share image through the upload
 * widget, Twitter handle, Facebook and LinkedIn IDs). One row, updated with the D18 check or inserted.
 */
import { useEffect, useState } from 'react';
import { FormProvider, useController, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Tables } from '../../lib/supabase';
import { useSeoSettingsSaveMutation } from '../../data/seo-settings/seo-settings-save-mutation';
import { Button } from '../../../components/ui/button';
import { TextAreaField, TextField } from '../../components/fields';
import { ImageUpload } from '../../components/image-upload/ImageUpload';
import { toastFirstError } from '../../lib/form-errors';
import { toast } from '../../lib/toast';
import {
  seoSettingsInputSchema,
  seoSettingsValues,
  type SeoSettingsInput,
  type SeoSettingsValues,
} from './seo-settings-input-schema';

const TRUSTED =
  'Trusted input: whatever is pasted here goes into every public page as it is, unchecked and unsanitised. Paste only code from a provider you trust (a chat widget, a pixel); a mistake here can break or slow every page.';

export function GlobalSeoForm({ row, hotelName }: { row: Tables<'seo_settings'> | null; hotelName: string }) {
  const save = useSeoSettingsSaveMutation();
  const form = useForm<SeoSettingsValues, unknown, SeoSettingsInput>({
    resolver: zodResolver(seoSettingsInputSchema),
    defaultValues: seoSettingsValues(row, hotelName),
  });
  const { register, control, handleSubmit, formState, reset } = form;
  // The row the form was filled from; a newer row (the favicon saved, another admin) refills an untouched form.
  const [loaded, setLoaded] = useState(row);
  useEffect(() => {
    if (row?.updated_at !== loaded?.updated_at && !formState.isDirty) {
      reset(seoSettingsValues(row, hotelName));
      setLoaded(row);
    }
  }, [row, loaded, formState.isDirty, reset, hotelName]);
  const { field: ogImage } = useController({ control, name: 'default_og_image' });

  const submit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ loaded, values });
    } catch {
      return; // the mutation's meta has said why; the form keeps what was typed
    }
    toast.success(loaded ? 'SEO settings updated successfully' : 'SEO settings saved successfully');
    reset(form.getValues());
  }, toastFirstError);

  const busy = formState.isSubmitting || save.isPending;
  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate className="space-y-8" aria-label="Global SEO">
        <fieldset className="grid gap-4 md:grid-cols-2">
          <legend className="mb-2 text-lg font-semibold">Global Settings</legend>
          <TextField
            label="GA4 Measurement ID"
            placeholder="G-XXXXXXXXXX"
            hint="Google Analytics 4: Admin → Data streams. The tag is added to every page only when this is set."
            {...register('ga4_tracking_id')}
          />
          <TextField
            label="Google Tag Manager Container ID"
            placeholder="GTM-XXXXXXX"
            hint="Tag Manager: the ID at the top of the workspace."
            {...register('gtm_container_id')}
          />
          <div className="md:col-span-2">
            <TextField
              label="Search Console Verification"
              hint="Search Console → HTML tag: paste the code, or the whole <meta> tag."
              {...register('gsc_verification')}
            />
          </div>
          <TextField label="Site Name" required {...register('site_name')} />
          <TextField label="Site Description" {...register('site_description')} />
          <div className="md:col-span-2">
            <TextAreaField
              label="Header Scripts"
              rows={4}
              className="font-mono text-sm"
              hint={`Added at the end of every page's <head>. ${TRUSTED}`}
              {...register('header_scripts')}
            />
          </div>
          <div className="md:col-span-2">
            <TextAreaField
              label="Body Scripts"
              rows={4}
              className="font-mono text-sm"
              hint={`Added at the end of every page's <body>. ${TRUSTED}`}
              {...register('body_scripts')}
            />
          </div>
          <div className="md:col-span-2">
            <TextAreaField
              label="Default Schema Markup (JSON-LD)"
              rows={5}
              className="font-mono text-sm"
              hint="Must be valid JSON. Leave empty to use the structured data the site generates."
              {...register('default_schema_markup')}
            />
          </div>
        </fieldset>
        <fieldset className="grid gap-4 md:grid-cols-2">
          <legend className="mb-2 text-lg font-semibold">Social &amp; Open Graph</legend>
          <div className="md:col-span-2">
            <ImageUpload
              id="seo-default-og-image"
              label="Default Open Graph Image"
              folder="seo"
              hint="Shared when a page has no image of its own. Recommended: 1200 × 630 pixels."
              value={ogImage.value}
              onChange={ogImage.onChange}
            />
          </div>
          <TextField
            label="Default Twitter Handle"
            placeholder="@boudhamandala"
            {...register('default_twitter_handle')}
          />
          <TextField label="Facebook App ID" inputMode="numeric" {...register('facebook_app_id')} />
          <TextField label="LinkedIn Company ID" {...register('linkedin_company_id')} />
        </fieldset>
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving...' : 'Save SEO Settings'}
        </Button>
      </form>
    </FormProvider>
  );
}
