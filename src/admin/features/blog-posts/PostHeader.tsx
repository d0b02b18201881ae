/**
 * The blog post editor's fields above its tabs: Title; URL Slug, which follows the title until staff type one (a
 * new post only: a saved post keeps its address) and says where a published post would move; and the publishing
 * row with the published date (a calendar; empty: the creation date) and its time, both on the hotel's clock
 * (Asia/Kathmandu, whatever the browser's zone), and the state line: Draft, Published, or Scheduled for {date} at
 * {time} Nepal time (D12).
 */
import { useEffect, useRef } from 'react';
import { useController, useFormContext, useWatch, type Control } from 'react-hook-form';
import type { Tables } from '../../lib/supabase';
import { formatNepalDateTime, fromNepalClock, nepalClock } from '../../../lib/blog/nepal-time';
import { DatePicker } from '../../../components/ui/date-picker';
import { Input } from '../../../components/ui/input';
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
  if (status === 'scheduled' && date) return `Scheduled for ${formatNepalDateTime(date)}`;
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
  const clock = published.value ? nepalClock(published.value) : null;

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
            value={clock?.day ?? null}
            // A day picked keeps the time already set (midnight in Kathmandu for a first date).
            onChange={(day) => published.onChange(day ? fromNepalClock(day, clock?.time) : null)}
            placeholder="Creation date"
          />
        </div>
        <div>
          <Label htmlFor="post-published-time">Time (Nepal)</Label>
          <Input
            id="post-published-time"
            type="time"
            className="w-36 disabled:opacity-50"
            value={clock?.time ?? ''}
            disabled={!clock}
            aria-describedby="post-published-time-hint"
            onChange={(e) => clock && e.target.value && published.onChange(fromNepalClock(clock.day, e.target.value))}
          />
          <p id="post-published-time-hint" className="sr-only">
            Kathmandu time, UTC+5:45
          </p>
        </div>
      </PublishRow>
    </>
  );
}
