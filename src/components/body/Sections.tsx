import Markdown from './Markdown';
import { visibleInOrder, type Ordered } from './order';

/**
 * A section as the build's view model (src/lib/content/pages.ts, toSection) shapes it, its content rendered by
 * renderMarkdown (`html`); a live preview may give the `markdown` instead.
 */
export interface SectionItem extends Ordered {
  id: string;
  title: string;
  html?: string;
  markdown?: string;
  /** Plain colour values only (toSection lets no other value through). */
  style: { backgroundColor?: string; color?: string };
}

/** The sections of a page or post, after its content: active ones only, in sort order (D11). */
export default function Sections({ sections }: { sections: readonly SectionItem[] }) {
  return (
    <>
      {visibleInOrder(sections).map((s) => (
        <section
          key={s.id}
          className="mt-10 rounded-2xl p-6 sm:p-8"
          style={{ backgroundColor: s.style.backgroundColor ?? '#f4ecdf', color: s.style.color ?? '#1c1917' }}
          data-reveal=""
          data-section-id={s.id}
        >
          <h2 className="text-2xl font-bold" style={{ color: 'inherit' }}>
            {s.title}
          </h2>
          {s.html !== undefined ? (
            <Markdown className="prose-hotel mt-3" html={s.html} />
          ) : (
            <Markdown className="prose-hotel mt-3" markdown={s.markdown ?? ''} />
          )}
        </section>
      ))}
    </>
  );
}
