/**
 * The live preview of an unsaved page: the public stored page's article (src/components/StoredPage.astro) with the
 * same body components (Markdown, ContentBlocks, Sections) and classes, rendered from the form as staff type.
 */
import Markdown from '../../../components/body/Markdown';
import ContentBlocks from '../../../components/body/ContentBlocks';
import Sections from '../../../components/body/Sections';
import { previewBlocks, previewSections } from '../../components/body-editors/body-values';
import type { PageValues } from './page-input-schema';

export function PagePreview({ values }: { values: PageValues }) {
  return (
    <article className="container-page max-w-3xl py-12">
      <h1 className="text-4xl font-bold sm:text-5xl">{values.title || 'Untitled page'}</h1>
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
