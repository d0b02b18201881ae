/**
 * The live preview of an unsaved post: the public post page's article (src/pages/blog/[slug].astro) with the
 * same body components (Markdown, ContentBlocks, Sections) and classes, rendered from the form as staff type.
 */
import { format } from 'date-fns/format';
import Markdown from '../../../components/body/Markdown';
import ContentBlocks from '../../../components/body/ContentBlocks';
import Sections from '../../../components/body/Sections';
import { previewBlocks, previewSections } from '../../components/body-editors/body-values';
import type { BlogPostValues } from './blog-post-input-schema';

export function BlogPreview({ values, categoryLabel }: { values: BlogPostValues; categoryLabel: string }) {
  const date = values.published_date ?? new Date();
  return (
    <article className="container-page max-w-3xl py-8">
      <p>
        <span className="rounded-full bg-cream-100 px-3 py-1 text-sm font-semibold text-maroon-800">
          {categoryLabel}
        </span>
      </p>
      <h1 className="mt-4 text-4xl leading-tight font-bold sm:text-5xl">{values.title || 'Untitled post'}</h1>
      <p className="mt-4 text-sm text-stone-700">
        {values.author_name || 'Anonymous'}
        {values.author_role && <> · {values.author_role}</>} · <time>{format(date, 'MMMM dd, yyyy')}</time>
      </p>
      {values.featured_image && (
        <img
          src={values.featured_image}
          alt={values.seo.alt_text}
          width="1200"
          height="630"
          className="mt-8 aspect-[1200/630] w-full rounded-2xl object-cover"
        />
      )}
      <Markdown markdown={values.content} />
      <ContentBlocks blocks={previewBlocks(values.blocks)} />
      <Sections sections={previewSections(values.sections)} />
    </article>
  );
}
