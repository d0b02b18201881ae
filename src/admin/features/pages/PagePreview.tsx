/**
 * The live preview of an unsaved page: the public stored page's own article (src/components/pages/PageArticle.tsx)
 * and body components (ContentBlocks, Sections), rendered from the form as staff type. Only the photos differ: the
 * page shows optimised copies of uploads.
 */
import PageArticle from '../../../components/pages/PageArticle';
import ContentBlocks from '../../../components/body/ContentBlocks';
import Sections from '../../../components/body/Sections';
import { previewBlocks, previewSections } from '../../components/body-editors/body-values';
import type { PageValues } from './page-input-schema';

export function PagePreview({ values }: { values: PageValues }) {
  return (
    <article className="container-page max-w-3xl py-12">
      <PageArticle
        title={values.title || 'Untitled page'}
        image={values.featured_image ? { src: values.featured_image, alt: values.seo.alt_text } : null}
        content={{ markdown: values.content }}
      />
      <ContentBlocks blocks={previewBlocks(values.blocks)} />
      <Sections sections={previewSections(values.sections)} />
    </article>
  );
}
