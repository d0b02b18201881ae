/**
 * The blog post editor's fields above its tabs: Title; URL Slug, which follows the title until staff type one (a
 * new post only: a saved post keeps its address) and says where a published post would move; and the publishing
 * row with the published date (a calendar; empty: the creation date) and the state line: Draft, Published, or
 * Scheduled for {date} (D12).
 */
import { useEffect, useRef } from 'react';
import { useController, useFormContext, useWatch, type Control } from 'react-hook-form';
import { format } from 'date-fns/format';
import type { Tables } from '../../lib/supabase';
import { DatePicker } from '../../../components/ui/date-picker';
import { Label } from '../../../components/ui/label';
import { TextField } from '../../components/fields';
import { PublishRow } from '../../components/editor-shell/PublishRow';
import { postStatus } from '../../lib/post-status';
import { postSlug, type BlogPostInput, type BlogPostValues } from './blog-post-input-schema';

type FormControl = Control<BlogPostValues, unknown, BlogPostInput>;

/** The state line under the Publish switch. */
function PublishState({ control }: { control: FormControl }) {
  const [isPublished, date] = useWatch({ control, name: ['is_published', 'published_date'] });
  const status = postStatus({ is_published: isPublished, published_date: date ? date.toISOString() : null });
  if (status === 'scheduled' && date) return `Scheduled for ${format(date, 'PPP')}`;
  return status === 'published' ? 'Published: live on the site after the next build' : 'Draft: not on the public site';
}

export function PostHeader({ post }: { post?: Tables<'blog_posts'> }) {
  const { control, register, setValue } = useFormContext<BlogPostValues, unknown, BlogPostInput>();
  const slugTouched = useRef(Boolean(post));
  const title = useWatch({ control, name: 'title' });
  useEffect(() => {
    if (!slugTouched.current) setValue('slug', postSlug(title ?? ''));
  }, [title, setValue]);
  const slug = useWatch({ control, name: 'slug' });
  const moving = post?.is_published && slug.trim() && slug.trim() !== post.slug;
  const { field: published } = useController({ control, name: 'published_date' });

  return (
    <>
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
      <PublishRow testId="post-state" state={<PublishState control={control} />}>
        <div>
          <Label htmlFor="post-published-date">Published date</Label>
          <DatePicker
            id="post-published-date"
            value={published.value ?? null}
            onChange={(d) => published.onChange(d)}
            placeholder="Creation date"
          />
        </div>
      </PublishRow>
    </>
  );
}
