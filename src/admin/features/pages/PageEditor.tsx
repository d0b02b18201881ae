/**
 * The page editor (spec: Pages Management): one react-hook-form over the page, its content blocks and sections,
 * in the spec's five tabs (Content, Sections, Content Blocks, SEO & Settings, Version History), with a live
 * preview beside them. Saving writes everything and a version in one transaction (D24) after the updated_at check
 * (D18); a published page whose address changed keeps the old one as a 301 (D23), and the editor says so. On any
 * failure the form is kept as it is. What it does as the post editor does (save, restore, tabs, preview, leave
 * warning) is the editor shell's.
 */
import type { Tables } from '../../lib/supabase';
import { usePageSaveMutation } from '../../data/pages/page-save-mutation';
import type { PageDetail } from '../../data/pages/page-query';
import { TabsContent } from '../../../components/ui/tabs';
import { FormSwitch } from '../../components/fields';
import { SeoFields } from '../../components/SeoFields';
import { sectionValues } from '../../components/body-editors/body-values';
import { EditorShell } from '../../components/editor-shell/EditorShell';
import { ContentField, ImageField } from '../../components/editor-shell/body-fields';
import { useEditorForm, type EditorProps } from '../../components/editor-shell/use-editor-form';
import { pagePath } from '../../../lib/sitemap/entries';
import { PageHeader } from './PageHeader';
import { PagePreview } from './PagePreview';
import { NEEDS_SAVED_PAGE, PAGE_EDITOR_TABS, pageFieldTab, type PageEditorTab } from './page-editor-tabs';
import { blankPage, childrenToSave, pageInputSchema, pageToSave, pageValues } from './page-input-schema';

export function PageEditor({ detail, ...props }: EditorProps<PageDetail, Tables<'pages'>, PageEditorTab>) {
  const save = usePageSaveMutation();
  const page = detail?.page;
  const editor = useEditorForm({
    ...props,
    schema: pageInputSchema,
    defaultValues: detail ? pageValues(detail.page, detail.blocks, detail.sections) : blankPage(),
    tabOf: pageFieldTab,
    stored: Boolean(page),
    toRow: (values) => pageToSave(values, page?.id),
    write: (row, values, blocks) =>
      save.mutateAsync({
        page: row,
        ...childrenToSave(values),
        loadedAt: page?.updated_at,
        action: blocks ? 'blocks' : undefined,
      }),
    writing: save.isPending,
    messages: { created: 'Page created successfully', updated: 'Page updated successfully' },
    moved: (saved) =>
      page?.is_published && pagePath(page) !== pagePath(saved)
        ? `The old address ${pagePath(page)} now redirects (301) to ${pagePath(saved)}.`
        : undefined,
  });
  const { control } = editor.form;

  return (
    <EditorShell
      editor={editor}
      label="Page"
      tabs={PAGE_EDITOR_TABS}
      tabsLabel="Page editor"
      body={{
        parent: page && { page_id: page.id },
        storedSections: detail ? sectionValues(detail.sections) : [],
        needsSaved: NEEDS_SAVED_PAGE,
        typedSections: true,
      }}
      submitLabel={page ? 'Update Page' : 'Save Page'}
      cancelFirst
      onCancel={props.onCancel}
      preview={(values) => <PagePreview values={values} />}
      header={<PageHeader page={page} />}
    >
      <TabsContent value="content">
        <ContentField id="page-content" />
      </TabsContent>
      <TabsContent value="seo" className="space-y-6">
        <SeoFields uploads="seo" />
        <ImageField
          control={control}
          name="featured_image"
          altName="seo.alt_text"
          id="page-featured-image"
          label="Featured Image"
          folder="featured"
          hint="Shown under the title, and shared when no Open Graph image is set. Recommended: 1200 × 630 pixels."
        />
        <div>
          <FormSwitch control={control} name="preview_mode" label="Preview mode" />
          <p className="mt-1 text-sm text-stone-700">
            A draft in preview mode is built at its address for review (hidden from search engines and the sitemap). It
            never replaces a built-in page.
          </p>
        </div>
      </TabsContent>
    </EditorShell>
  );
}
