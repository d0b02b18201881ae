/**
 * The blog post editor (spec: Blog Posts Management): one react-hook-form over the post, its content blocks and
 * sections, in the spec's seven tabs, with the Publish switch and the published date (a future date on a
 * published post schedules it, D12) above them and a live preview beside them. Saving writes everything and a
 * version in one transaction (D24) after the updated_at check (D18); a published post whose slug changed keeps
 * its old address as a 301 (D23), and the editor says so. On any failure the form is kept as it is.
 */
import { useEffect, useRef } from 'react';
import { FormProvider, useController, useForm, useWatch, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { format } from 'date-fns/format';
import type { Json, Tables } from '../../lib/supabase';
import { useBlogPostSaveMutation } from '../../data/blog-posts/blog-post-save-mutation';
import type { BlogPostDetail } from '../../data/blog-posts/blog-post-query';
import { Button } from '../../../components/ui/button';
import { DatePicker } from '../../../components/ui/date-picker';
import { Label } from '../../../components/ui/label';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { FormSwitch, SelectField, TextAreaField, TextField } from '../../components/fields';
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
import { postStatus } from '../../lib/post-status';
import { toast } from '../../lib/toast';
import { BlogPreview } from './BlogPreview';
import {
  blankPost,
  blogPostInputSchema,
  childrenToSave,
  postSlug,
  postToSave,
  postValues,
  type BlogPostInput,
  type BlogPostValues,
} from './blog-post-input-schema';

type FormControl = Control<BlogPostValues, unknown, BlogPostInput>;

export const EDITOR_TABS = [
  ['content', 'Content'],
  ['featured', 'Featured Image'],
  ['sections', 'Sections'],
  ['blocks', 'Content Blocks'],
  ['author', 'Author & Meta'],
  ['seo', 'SEO & Settings'],
  ['versions', 'Version History'],
] as const;
export type EditorTab = (typeof EDITOR_TABS)[number][0];

/** The tab that holds a field of the form, by its path; undefined for the fields above the tabs. */
export function postFieldTab(path: string): EditorTab | undefined {
  const field = path.split('.')[0];
  if (['content', 'excerpt', 'category'].includes(field)) return 'content';
  if (field === 'featured_image' || path === 'seo.alt_text') return 'featured';
  if (field === 'blocks' || field === 'sections') return field;
  if (field.startsWith('author_')) return 'author';
  if (field === 'seo') return 'seo';
  return undefined;
}

const NEEDS_SAVED_POST: Partial<Record<EditorTab, string>> = {
  sections: 'Save the blog post first to enable the section editor',
  blocks: 'Save the blog post first to enable the content block editor',
  versions: 'Save the blog post first to view version history',
};

function LivePreview({ control, categories }: { control: FormControl; categories: Tables<'categories'>[] }) {
  const values = useWatch({ control }) as BlogPostValues;
  return (
    <PreviewPanel>
      <BlogPreview values={values} categories={categories} />
    </PreviewPanel>
  );
}

/** The state line under the Publish switch: Draft, Published, or Scheduled for {date} (D12). */
function PublishState({ control }: { control: FormControl }) {
  const [isPublished, date] = useWatch({ control, name: ['is_published', 'published_date'] });
  const status = postStatus({ is_published: isPublished, published_date: date ? date.toISOString() : null });
  const text =
    status === 'scheduled' && date
      ? `Scheduled for ${format(date, 'PPP')}`
      : status === 'published'
        ? 'Published: live on the site after the next build'
        : 'Draft: not on the public site';
  return (
    <p className="text-sm text-stone-700" role="status" data-testid="post-state">
      {text}
    </p>
  );
}

export function BlogPostEditor({
  detail,
  categories,
  tab,
  onTab,
  onSaved,
  onCancel,
}: {
  /** The post being edited, or null to create one. */
  detail: BlogPostDetail | null;
  categories: Tables<'categories'>[];
  tab: EditorTab;
  onTab: (tab: EditorTab) => void;
  onSaved: (saved: Tables<'blog_posts'>, created: boolean) => void;
  onCancel: () => void;
}) {
  const save = useBlogPostSaveMutation();
  const form = useForm<BlogPostValues, unknown, BlogPostInput>({
    resolver: zodResolver(blogPostInputSchema),
    defaultValues: detail ? postValues(detail.post, detail.blocks, detail.sections) : blankPost(),
  });
  const { control, register, handleSubmit, setValue, formState } = form;
  const post = detail?.post;

  // The slug follows the title until staff type one themselves (a new post only: a saved post keeps its address).
  const slugTouched = useRef(Boolean(post));
  const title = useWatch({ control, name: 'title' });
  useEffect(() => {
    if (!slugTouched.current) setValue('slug', postSlug(title ?? ''));
  }, [title, setValue]);
  const slug = useWatch({ control, name: 'slug' });
  const moving = post?.is_published && slug.trim() && slug.trim() !== post.slug;

  useLeaveWarning(formState.isDirty);

  const { field: blocks } = useController({ control, name: 'blocks' });
  const { field: sections } = useController({ control, name: 'sections' });
  const { field: published } = useController({ control, name: 'published_date' });
  const { field: content } = useController({ control, name: 'content' });
  const { field: featured } = useController({ control, name: 'featured_image' });
  const { field: alt } = useController({ control, name: 'seo.alt_text' });
  const { field: authorImage } = useController({ control, name: 'author_image' });

  const submit = (successTitle?: string) =>
    handleSubmit(
      async (values) => {
        const row = postToSave(values, post?.id);
        if (!row.slug) {
          toast.error('Please enter a URL slug', 'The title has no letters a–z or digits to make one from.');
          return;
        }
        let saved: Tables<'blog_posts'>;
        try {
          saved = await save.mutateAsync({
            post: row,
            ...childrenToSave(values),
            loadedAt: post?.updated_at,
          });
        } catch {
          return; // the mutation's meta has said why; the form keeps every change
        }
        const moved = post?.is_published && post.slug !== saved.slug;
        toast.success(
          successTitle ?? (post ? 'Blog post updated successfully' : 'Blog post created successfully'),
          moved ? `The old address /blog/${post.slug}/ now redirects (301) to /blog/${saved.slug}/.` : undefined,
        );
        onSaved(saved, !post);
      },
      (errors) =>
        showFirstError(errors, { tab, onTab, tabOf: postFieldTab, focus: (path) => form.setFocus(path as never) }),
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
        <form onSubmit={submit()} noValidate className="min-w-0 space-y-4" aria-label="Blog post">
          <div className="grid gap-4 md:grid-cols-2">
            <TextField label="Title" {...register('title')} />
            <TextField
              label="URL Slug"
              hint={
                moving ? (
                  <span className="font-semibold text-amber-900">
                    Saving will move this published post: /blog/{post?.slug}/ will redirect (301) to /blog/
                    {slug.trim()}/.
                  </span>
                ) : (
                  `The post's address: /blog/${slug || '…'}/`
                )
              }
              {...register('slug', { onChange: () => (slugTouched.current = true) })}
            />
          </div>
          <div className="flex flex-wrap items-end gap-6 rounded-md bg-stone-50 p-3">
            <FormSwitch control={control} name="is_published" label="Published" />
            <div>
              <Label htmlFor="post-published-date">Published date</Label>
              <DatePicker
                id="post-published-date"
                value={published.value ?? null}
                onChange={(d) => published.onChange(d)}
                placeholder="Creation date"
              />
            </div>
            <PublishState control={control} />
          </div>

          <Tabs value={tab} onValueChange={(v) => onTab(v as EditorTab)}>
            <TabsList aria-label="Blog post editor">
              {EDITOR_TABS.map(([value, label]) => (
                <TabsTrigger key={value} value={value}>
                  {label}
                </TabsTrigger>
              ))}
            </TabsList>
            <TabsContent value="content" className="space-y-4">
              <MarkdownEditor
                id="post-content"
                label="Content"
                rows={20}
                value={content.value}
                onChange={content.onChange}
                uploadFolder="content"
              />
              <TextAreaField
                label="Excerpt"
                rows={3}
                hint="Shown on the blog's cards; empty: the first 150 characters of the content."
                {...register('excerpt')}
              />
              <SelectField label="Category" defaultValue={formState.defaultValues?.category} {...register('category')}>
                <option value="">Uncategorized</option>
                {categories.map((c) => (
                  <option key={c.id} value={c.slug}>
                    {c.name}
                  </option>
                ))}
              </SelectField>
            </TabsContent>
            <TabsContent value="featured">
              <ImageUpload
                id="post-featured-image"
                label="Featured Image"
                folder="featured"
                hint="Recommended size: 1200 × 630 pixels."
                value={featured.value}
                onChange={featured.onChange}
                alt={alt.value}
                onAltChange={alt.onChange}
              />
            </TabsContent>
            {(['sections', 'blocks', 'versions'] as const).map((t) =>
              post ? null : (
                <TabsContent key={t} value={t}>
                  <p className="rounded-md border border-dashed border-stone-400 p-6 text-stone-700">
                    {NEEDS_SAVED_POST[t]}
                  </p>
                </TabsContent>
              ),
            )}
            {post && (
              <>
                <TabsContent value="sections">
                  <SectionsEditor
                    value={sections.value}
                    stored={sectionValues(detail.sections)}
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
                <TabsContent value="versions">
                  <VersionHistory parent={{ blog_post_id: post.id }} onRestore={restore} />
                </TabsContent>
              </>
            )}
            <TabsContent value="author" className="grid gap-4 md:grid-cols-2">
              <TextField label="Author Name" {...register('author_name')} />
              <TextField label="Author Role" {...register('author_role')} />
              <div className="md:col-span-2">
                <ImageUpload
                  id="post-author-image"
                  label="Author Image"
                  folder="featured"
                  hint="A square photo; shown at 48 × 48 pixels."
                  value={authorImage.value}
                  onChange={authorImage.onChange}
                />
              </div>
            </TabsContent>
            <TabsContent value="seo">
              <SeoFields ogImage={false} />
            </TabsContent>
          </Tabs>

          <div className="flex flex-wrap gap-3 border-t border-stone-200 pt-4">
            <Button type="submit" disabled={busy}>
              {busy ? 'Saving...' : post ? 'Update Post' : 'Create Post'}
            </Button>
            <Button type="button" variant="secondary" onClick={onCancel}>
              Cancel
            </Button>
          </div>
        </form>
        <div className="min-w-0">
          <LivePreview control={control} categories={categories} />
        </div>
      </div>
    </FormProvider>
  );
}
