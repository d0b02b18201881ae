/**
 * The live preview of an unsaved page: the public stored page's own article (src/components/pages/PageArticle.tsx)
 * and body components (ContentBlocks, Sections, and TypedSection for typed sections, #31), rendered from the form
 * as staff type, laid out as StoredPage.astro lays them out. Only the photos differ: the page shows optimised
 * copies of uploads, and a part of the site (the rooms) is named rather than shown.
 */
import PageArticle from '../../../components/pages/PageArticle';
import ContentBlocks from '../../../components/body/ContentBlocks';
import Markdown from '../../../components/body/Markdown';
import Sections from '../../../components/body/Sections';
import TypedSection, { type ViewSection } from '../../../components/sections/TypedSection';
import { isTypedSection, sectionContent } from '../../../lib/sections/schema';
import { CONTACT_DEFAULTS } from '../../../config';
import { previewBlocks, previewSections, type SectionValue } from '../../components/body-editors/body-values';
import type { PageValues } from './page-input-schema';

/** A section of the form as the page renders it: typed (parsed, defaults filled) or text; null when it cannot be. */
function previewOne(s: SectionValue, i: number) {
  if (!isTypedSection(s.section_content)) return { kind: 'text' as const, item: previewSections([s])[0], i };
  const parsed = sectionContent.safeParse(s.section_content);
  if (!parsed.success || parsed.data.type === 'text') return null;
  return { kind: 'typed' as const, section: parsed.data as ViewSection, key: s.key, i };
}

export function PagePreview({ values }: { values: PageValues }) {
  // A booking button in the preview goes to the stock booking address (the build uses Contact Details').
  const { bookingUrl } = CONTACT_DEFAULTS;
  const article = (
    <PageArticle
      title={values.title || 'Untitled page'}
      image={values.featured_image ? { src: values.featured_image, alt: values.seo.alt_text } : null}
      content={{ markdown: values.content }}
    />
  );
  const visible = values.sections.filter((s) => s.is_active);
  if (!visible.some((s) => isTypedSection(s.section_content)))
    return (
      <article className="container-page max-w-3xl py-12">
        {article}
        <ContentBlocks blocks={previewBlocks(values.blocks)} />
        <Sections sections={previewSections(values.sections)} />
      </article>
    );

  const items = visible.map(previewOne).filter((x) => x !== null);
  const hero = items[0]?.kind === 'typed' && items[0].section.type === 'hero';
  const hasText = values.content.trim() !== '' || values.blocks.some((b) => b.is_active);
  const render = (x: (typeof items)[number], index: number) =>
    x.kind === 'text' ? (
      <div key={x.item.id} className="container-page max-w-3xl">
        <Sections sections={[x.item]} />
      </div>
    ) : (
      <TypedSection
        key={x.key}
        section={x.section}
        index={index}
        id={`preview-section-${x.i + 1}`}
        bookingUrl={bookingUrl}
      />
    );
  return (
    <div>
      {hero && render(items[0], 0)}
      {(!hero || hasText) && (
        <article className="container-page max-w-3xl py-12">
          {hero ? <Markdown markdown={values.content} /> : article}
          <ContentBlocks blocks={previewBlocks(values.blocks)} />
        </article>
      )}
      {(hero ? items.slice(1) : items).map((x, j) => render(x, j + (hero ? 1 : 0)))}
    </div>
  );
}
