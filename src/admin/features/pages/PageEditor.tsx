/**
 * The page editor (spec: Pages Management): one react-hook-form over the page, its content blocks and sections,
 * in the spec's five tabs (Content, Sections, Content Blocks, SEO & Settings, Version History), with a live
 * preview beside them. Saving writes everything and a version in one transaction (D24) after the updated_at check
 * (D18); a published page whose address changed keeps the old one as a 301 (D23), and the editor says so. On any
 * failure the form is kept as it is.
 */
import { useEffect, useRef } from 'react';
import { FormProvider, useController, useForm, useWatch, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Json, Tables } from '../../lib/supabase';
import { usePageSaveMutation } from '../../data/pages/page-save-mutation';
import type { PageDetail } from '../../data/pages/page-query';
import { Button } from '../../../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { FormSwitch, TextField } from '../../components/fields';
import { SeoFields } from '../../components/SeoFields';
import { MarkdownEditor } from '../../components/markdown-editor/MarkdownEditor';
import { ImageUpload } from '../../components/image-upload/ImageUpload';
import { BlocksEditor } from '../../components/body-editors/BlocksEditor';
import { SectionsEditor } from '../../components/body-editors/SectionsEditor';
import { VersionHistory } from '../../components/body-editors/VersionHistory';
import { PreviewPanel } from '../../components/body-editors/PreviewPanel';
import { restoredFromVersion, sectionValues } from '../../components/body-editors/body-values';
import { showFirstError } from '../../lib/form-errors';
import { useLeaveWarning } from '../../lib/leave-warning';
import { toast } from '../../lib/toast';
import { PagePreview } from './PagePreview';
import { pagePath } from '../../../lib/sitemap/entries';
import {
  blankPage,
  childrenToSave,
  convertible,
  normaliseAddress,
  pageInputSchema,
  pageSlug,
  pageToSave,
  pageValues,
  type PageInput,
  type PageValues,
} from './page-input-schema';

type FormControl = Control<PageValues, unknown, PageInput>;

export const PAGE_EDITOR_TABS = [
  ['content', 'Content'],
  ['sections', 'Sections'],
  ['blocks', 'Content Blocks'],
  ['seo', 'SEO & Settings'],
  ['versions', 'Version History'],
] as const;
export type PageEditorTab = (typeof PAGE_EDITOR_TABS)[number][0];

/** The tab that holds a field of the form, by its path; undefined for the fields above the tabs. */
export function pageFieldTab(path: string): PageEditorTab | undefined {
  const field = path.split('.')[0];
  if (field === 'content') return 'content';
  if (field === 'blocks' || field === 'sections') return field;
  if (field === 'seo' || field === 'featured_image' || field === 'preview_mode') return 'seo';
  return undefined;
}

function LivePreview({ control }: { control: FormControl }) {
  const values = useWatch({ control }) as PageValues;
  return (
    <PreviewPanel>
      <PagePreview values={values} />
    </PreviewPanel>
  );
}

/** The state line beside the Published switch, as the switch stands. */
function PageState({ control }: { control: FormControl }) {
  const [isPublished, preview] = useWatch({ control, name: ['is_published', 'preview_mode'] });
  const text = isPublished
    ? 'Published: live at its address after the next build'
    : preview
      ? 'Draft in preview mode: built at its address for review, hidden from search engines'
      : 'Draft: not on the public site';
  return (
    <p className="text-sm text-stone-700" role="status" data-testid="page-state">
      {text}
    </p>
  );
}

/** Where the page will be, and what publishing it does there. */
function AddressHint({ control, page }: { control: FormControl; page?: Tables<'pages'> }) {
  const [slug, customUrl, isPublished] = useWatch({ control, name: ['slug', 'custom_url', 'is_published'] });
  const address = normaliseAddress(customUrl ?? '').toLowerCase() || `/${slug || '…'}/`;
  const before = page ? pagePath(page) : null;
  if (page?.is_published && before !== address)
    return (
      <span className="font-semibold text-amber-900">
        Saving will move this published page: {before} will redirect (301) to {address}.
      </span>
    );
  if (convertible(address))
    return (
      <>
        {address} is a built-in page: while this page is published{isPublished ? '' : ' (it is a draft now)'}, guests
        get it there instead; unpublish or delete it to bring the built-in page back.
      </>
    );
  return <>The page&apos;s address: {address}</>;
}

export function PageEditor({
  detail,
  tab,
  onTab,
  onSaved,
  onCancel,
}: {
  /** The page being edited, or null to create one. */
  detail: PageDetail | null;
  tab: PageEditorTab;
  onTab: (tab: PageEditorTab) => void;
  onSaved: (saved: Tables<'pages'>, created: boolean) => void;
  onCancel: () => void;
}) {
  const save = usePageSaveMutation();
  const form = useForm<PageValues, unknown, PageInput>({
    resolver: zodResolver(pageInputSchema),
    defaultValues: detail ? pageValues(detail.page, detail.blocks, detail.sections) : blankPage(),
  });
  const { control, register, handleSubmit, setValue, formState } = form;
  const page = detail?.page;

  // The slug, and the address with it ('/'+slug, spec §5), follow the title until staff type one themselves (a
  // new page only: a saved page keeps its address unless staff change it).
  const slugTouched = useRef(Boolean(page));
  const urlTouched = useRef(Boolean(page));
  const title = useWatch({ control, name: 'title' });
  useEffect(() => {
    const slug = pageSlug(title ?? '');
    if (!slugTouched.current) setValue('slug', slug);
    if (!urlTouched.current) setValue('custom_url', slug ? `/${slug}` : '');
  }, [title, setValue]);

  useLeaveWarning(formState.isDirty);

  const { field: blocks } = useController({ control, name: 'blocks' });
  const { field: sections } = useController({ control, name: 'sections' });
  const { field: content } = useController({ control, name: 'content' });
  const { field: featured } = useController({ control, name: 'featured_image' });
  const { field: alt } = useController({ control, name: 'seo.alt_text' });

  const submit = (successTitle?: string) =>
    handleSubmit(
      async (values) => {
        const row = pageToSave(values, page?.id);
        if (!row.slug) {
          toast.error('Please enter a URL slug', 'The title has no letters a–z or digits to make one from.');
          return;
        }
        let saved: Tables<'pages'>;
        try {
          saved = await save.mutateAsync({
            page: row,
            ...childrenToSave(values),
            loadedAt: page?.updated_at,
            action: successTitle ? 'blocks' : undefined,
          });
        } catch {
          return; // the mutation's meta has said why; the form keeps every change
        }
        const moved = page?.is_published && pagePath(page) !== pagePath(saved);
        toast.success(
          successTitle ?? (page ? 'Page updated successfully' : 'Page created successfully'),
          moved ? `The old address ${pagePath(page)} now redirects (301) to ${pagePath(saved)}.` : undefined,
        );
        onSaved(saved, !page);
      },
      (errors) =>
        showFirstError(errors, { tab, onTab, tabOf: pageFieldTab, focus: (path) => form.setFocus(path as never) }),
    );

  function restore(data: Json) {
    try {
      const r = restoredFromVersion(data);
      if (r.title) setValue('title', r.title, { shouldDirty: true });
      setValue('content', r.content, { shouldDirty: true });
      setValue('blocks', r.blocks, { shouldDirty: true });
      setValue('sections', r.sections, { shouldDirty: true });
      toast.success('Version restored to editor. Save to apply changes.');
    } catch {
      toast.error('Failed to restore version');
    }
  }

  const busy = formState.isSubmitting || save.isPending;
  return (
    <FormProvider {...form}>
      <div className="grid gap-6 2xl:grid-cols-2">
        <form onSubmit={submit()} noValidate className="min-w-0 space-y-4" aria-label="Page">
          <div className="grid gap-4 md:grid-cols-2">
            <TextField label="Page Title" {...register('title')} />
            <TextField
              label="URL Slug"
              hint="Lower-case letters, digits and hyphens."
              {...register('slug', {
                onChange: (e: { target: { value: string } }) => {
                  slugTouched.current = true;
                  if (!urlTouched.current) setValue('custom_url', e.target.value ? `/${e.target.value}` : '');
                },
              })}
            />
            <div className="md:col-span-2">
              <TextField
                label="Page URL"
                hint={<AddressHint control={control} page={page} />}
                placeholder="/monsoon-retreats/"
                {...register('custom_url', { onChange: () => (urlTouched.current = true) })}
              />
            </div>
          </div>
          <div className="flex flex-wrap items-center gap-6 rounded-md bg-stone-50 p-3">
            <FormSwitch control={control} name="is_published" label="Published" />
            <PageState control={control} />
          </div>

          <Tabs value={tab} onValueChange={(v) => onTab(v as PageEditorTab)}>
            <TabsList aria-label="Page editor">
              {PAGE_EDITOR_TABS.map(([value, label]) => (
                <TabsTrigger key={value} value={value}>
                  {label}
                </TabsTrigger>
              ))}
            </TabsList>
            <TabsContent value="content">
              <MarkdownEditor
                id="page-content"
                label="Content"
                rows={20}
                value={content.value}
                onChange={content.onChange}
                uploadFolder="content"
              />
            </TabsContent>
            <TabsContent value="sections">
              <SectionsEditor
                value={sections.value}
                stored={detail ? sectionValues(detail.sections) : []}
                onChange={sections.onChange}
                onSave={() => void submit()()}
                saving={busy}
              />
            </TabsContent>
            <TabsContent value="blocks">
              <BlocksEditor
                value={blocks.value}
                onChange={blocks.onChange}
                onSave={() => void submit('Content blocks saved successfully')()}
                saving={busy}
              />
            </TabsContent>
            <TabsContent value="seo" className="space-y-6">
              <SeoFields uploads="seo" />
              <ImageUpload
                id="page-featured-image"
                label="Featured Image"
                folder="featured"
                hint="Shown under the title, and shared when no Open Graph image is set. Recommended: 1200 × 630 pixels."
                value={featured.value}
                onChange={featured.onChange}
                alt={alt.value}
                onAltChange={alt.onChange}
              />
              <div>
                <FormSwitch control={control} name="preview_mode" label="Preview mode" />
                <p className="mt-1 text-sm text-stone-700">
                  A draft in preview mode is built at its address for review (hidden from search engines and the
                  sitemap). It never replaces a built-in page.
                </p>
              </div>
            </TabsContent>
            <TabsContent value="versions">
              {page ? (
                <VersionHistory parent={{ page_id: page.id }} onRestore={restore} />
              ) : (
                <p className="rounded-md border border-dashed border-stone-400 p-6 text-stone-700">
                  Save the page first to view version history
                </p>
              )}
            </TabsContent>
          </Tabs>

          <div className="flex flex-wrap gap-3 border-t border-stone-200 pt-4">
            <Button type="button" variant="secondary" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? 'Saving...' : page ? 'Update Page' : 'Save Page'}
            </Button>
          </div>
        </form>
        <div className="min-w-0">
          <LivePreview control={control} />
        </div>
      </div>
    </FormProvider>
  );
}
