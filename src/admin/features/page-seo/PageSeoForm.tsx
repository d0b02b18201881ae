/**
 * One built-in route's SEO (spec: Page SEO): every static_page_seo field through the shared SeoFields (images
 * through the upload widget, folder `seo`), the three schema templates, and beside the form what a search result
 * and a shared link will show. Updates the loaded row with the D18 check, or inserts the route's first row.
 */
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import * as z from '../../lib/zod';
import type { Tables } from '../../lib/supabase';
import { useStaticPageSeoSaveMutation } from '../../data/static-page-seo/static-page-seo-save-mutation';
import { Button } from '../../../components/ui/button';
import { SeoFields } from '../../components/SeoFields';
import { seoFieldsSchema, seoValues, toStaticPageSeo, type SeoFieldsValues } from '../../lib/seo-fields-schema';
import { toastFirstError } from '../../lib/form-errors';
import { toast } from '../../lib/toast';
import { SCHEMA_TEMPLATES, schemaTemplate } from './schema-templates';
import { SeoPreviews } from './SeoPreviews';

const formSchema = z.object({ seo: seoFieldsSchema });
type Values = z.input<typeof formSchema>;
type Input = z.output<typeof formSchema>;

export interface Contact {
  hotel_name: string;
  phone: string;
  email: string;
  address: string;
}

export function PageSeoForm({
  route,
  title,
  row,
  contact,
  siteName,
}: {
  route: string;
  title: string;
  row: Tables<'static_page_seo'> | null;
  contact: Contact;
  siteName: string;
}) {
  const save = useStaticPageSeoSaveMutation();
  const form = useForm<Values, unknown, Input>({
    resolver: zodResolver(formSchema),
    defaultValues: { seo: seoValues(row ?? {}) as SeoFieldsValues },
  });
  const { control, handleSubmit, setValue, formState } = form;
  const seo = useWatch({ control, name: 'seo' }) as SeoFieldsValues;
  const origin = window.location.origin;

  const submit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ route, loaded: row, values: toStaticPageSeo(values.seo) });
    } catch {
      return; // the mutation's meta has said why; the form keeps what was typed
    }
    toast.success(row ? 'SEO settings updated successfully' : 'SEO settings saved successfully');
  }, toastFirstError);

  const busy = formState.isSubmitting || save.isPending;
  return (
    <FormProvider {...form}>
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_24rem]">
        <form onSubmit={submit} noValidate className="min-w-0 space-y-4" aria-label={`SEO of ${title}`}>
          <div role="group" aria-label="Schema templates" className="flex flex-wrap items-center gap-2">
            <span className="text-sm font-semibold">Schema templates:</span>
            {SCHEMA_TEMPLATES.map((kind) => (
              <Button
                key={kind}
                type="button"
                size="sm"
                variant="secondary"
                onClick={() => {
                  setValue(
                    'seo.schema_markup',
                    schemaTemplate(kind, {
                      hotelName: contact.hotel_name,
                      phone: contact.phone,
                      email: contact.email,
                      address: contact.address,
                      origin,
                      route,
                      title: seo.meta_title || title,
                      description: seo.meta_description,
                      image: seo.og_image || undefined,
                    }),
                    { shouldDirty: true, shouldValidate: true },
                  );
                  toast.info(`${kind} schema added to Schema Markup`, 'Review it, then save.');
                }}
              >
                {kind}
              </Button>
            ))}
          </div>
          <SeoFields uploads="seo" />
          <Button type="submit" disabled={busy}>
            {busy ? 'Saving...' : 'Save SEO Settings'}
          </Button>
        </form>
        <SeoPreviews
          url={seo.canonical_url || new URL(route, origin).href}
          title={seo.meta_title}
          description={seo.meta_description}
          ogTitle={seo.og_title}
          ogDescription={seo.og_description}
          image={seo.og_image}
          siteName={siteName}
        />
      </div>
    </FormProvider>
  );
}
