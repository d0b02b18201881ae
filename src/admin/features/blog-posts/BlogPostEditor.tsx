/**
 * The blog post editor (spec: Blog Posts Management): one react-hook-form over the post, its content blocks and
 * sections, in the spec's seven tabs, with the Publish switch and the published date (a future date on a
 * published post schedules it, D12) above them and a live preview beside them. Saving writes everything and a
 * version in one transaction (D24) after the updated_at check (D18); a published post whose slug changed keeps
 * its old address as a 301 (D23), and the editor says so. On any failure the form is kept as it is. What it does as
 * the page editor does (save, restore, tabs, preview, leave warning) is the editor shell's.
 */
import type { Tables } from '../../lib/supabase';
import { useBlogPostSaveMutation } from '../../data/blog-posts/blog-post-save-mutation';
import type { BlogPostDetail } from '../../data/blog-posts/blog-post-query';
import { TabsContent } from '../../../components/ui/tabs';
import { SelectField, TextAreaField, TextField } from '../../components/fields';
import { SeoFields } from '../../components/SeoFields';
import { sectionValues } from '../../components/body-editors/body-values';
import { EditorShell } from '../../components/editor-shell/EditorShell';
import { ContentField, ImageField } from '../../components/editor-shell/body-fields';
import { useEditorForm, type EditorProps } from '../../components/editor-shell/use-editor-form';
import { BlogPreview } from './BlogPreview';
import { PostHeader } from './PostHeader';
import { EDITOR_TABS, NEEDS_SAVED_POST, postFieldTab, type EditorTab } from './blog-post-editor-tabs';
import { blankPost, blogPostInputSchema, childrenToSave, postToSave, postValues } from './blog-post-input-schema';

export function BlogPostEditor({
  detail,
  categories,
  ...props
}: EditorProps<BlogPostDetail, Tables<'blog_posts'>, EditorTab> & { categories: Tables<'categories'>[] }) {
  const save = useBlogPostSaveMutation();
  const post = detail?.post;
  const editor = useEditorForm({
    ...props,
    schema: blogPostInputSchema,
    defaultValues: detail ? postValues(detail.post, detail.blocks, detail.sections) : blankPost(),
    tabOf: postFieldTab,
    stored: Boolean(post),
    toRow: (values) => postToSave(values, post?.id),
    write: (row, values) => save.mutateAsync({ post: row, ...childrenToSave(values), loadedAt: post?.updated_at }),
    writing: save.isPending,
    messages: { created: 'Blog post created successfully', updated: 'Blog post updated successfully' },
    moved: (saved) =>
      post?.is_published && post.slug !== saved.slug
        ? `The old address /blog/${post.slug}/ now redirects (301) to /blog/${saved.slug}/.`
        : undefined,
  });
  const { control, register, formState } = editor.form;

  return (
    <EditorShell
      editor={editor}
      label="Blog post"
      tabs={EDITOR_TABS}
      tabsLabel="Blog post editor"
      body={{
        parent: post && { blog_post_id: post.id },
        storedSections: detail ? sectionValues(detail.sections) : [],
        needsSaved: NEEDS_SAVED_POST,
      }}
      submitLabel={post ? 'Update Post' : 'Create Post'}
      onCancel={props.onCancel}
      preview={(values) => <BlogPreview values={values} categories={categories} />}
      header={<PostHeader post={post} />}
    >
      <TabsContent value="content" className="space-y-4">
        <ContentField id="post-content" />
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
        <ImageField
          control={control}
          name="featured_image"
          altName="seo.alt_text"
          id="post-featured-image"
          label="Featured Image"
          folder="featured"
          hint="Recommended size: 1200 × 630 pixels."
        />
      </TabsContent>
      <TabsContent value="author" className="grid gap-4 md:grid-cols-2">
        <TextField label="Author Name" {...register('author_name')} />
        <TextField label="Author Role" {...register('author_role')} />
        <div className="md:col-span-2">
          <ImageField
            control={control}
            name="author_image"
            id="post-author-image"
            label="Author Image"
            folder="featured"
            hint="A square photo; shown at 48 × 48 pixels."
          />
        </div>
      </TabsContent>
      <TabsContent value="seo">
        <SeoFields ogImage={false} />
      </TabsContent>
    </EditorShell>
  );
}
