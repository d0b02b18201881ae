/**
 * The page editor's fields above its tabs: Page Title; URL Slug and Page URL, which follow the title (the address
 * is '/'+slug, spec §5) until staff type them (a new page only: a saved page keeps its address unless staff
 * change it), the hint saying where the page will be and what publishing it does there; and the publishing row.
 */
import { useEffect, useRef } from 'react';
import { useFormContext, useWatch, type Control } from 'react-hook-form';
import type { Tables } from '../../lib/supabase';
import { TextField } from '../../components/fields';
import { PublishRow } from '../../components/editor-shell/PublishRow';
import { pagePath } from '../../../lib/sitemap/entries';
import { convertible, normaliseAddress, pageSlug, type PageInput, type PageValues } from './page-input-schema';

type FormControl = Control<PageValues, unknown, PageInput>;

/** The state line beside the Published switch, as the switch stands. */
function PageState({ control }: { control: FormControl }) {
  const [isPublished, preview] = useWatch({ control, name: ['is_published', 'preview_mode'] });
  if (isPublished) return 'Published: live at its address after the next build';
  return preview
    ? 'Draft in preview mode: built at its address for review, hidden from search engines'
    : 'Draft: not on the public site';
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

export function PageHeader({ page }: { page?: Tables<'pages'> }) {
  const { control, register, setValue } = useFormContext<PageValues, unknown, PageInput>();
  const slugTouched = useRef(Boolean(page));
  const urlTouched = useRef(Boolean(page));
  const title = useWatch({ control, name: 'title' });
  useEffect(() => {
    const slug = pageSlug(title ?? '');
    if (!slugTouched.current) setValue('slug', slug);
    if (!urlTouched.current) setValue('custom_url', slug ? `/${slug}` : '');
  }, [title, setValue]);

  return (
    <>
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
      <PublishRow testId="page-state" state={<PageState control={control} />} />
    </>
  );
}
