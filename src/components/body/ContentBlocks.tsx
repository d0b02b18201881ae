import type { TextBlock } from '../../lib/content/pages';
import { visibleInOrder, type Ordered } from './order';

/** A content block as the build's view model shapes it (src/lib/content/pages.ts, toBlock), plus where it shows. */
export type Block = TextBlock & Ordered;

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const LINKABLE = /^(https?:\/\/|\/)/;
const ALIGN = { left: '', center: ' text-center', right: ' text-right' } as const;

/** One block by type: text, heading, image, quote; a video as a link, a gallery as images. */
export function ContentBlock({ block: b }: { block: Block }) {
  const id = b.id;
  switch (b.type) {
    case 'heading': {
      const Heading = `h${Math.max(2, b.level ?? 2)}` as 'h2';
      return (
        <Heading className="mt-8 font-serif text-2xl font-bold text-maroon-900" data-block-id={id}>
          {b.text}
        </Heading>
      );
    }
    case 'quote': {
      const author = str(b.content.author);
      return (
        <blockquote className="mt-6 border-l-4 border-gold-400 pl-4 text-lg italic" data-block-id={id}>
          {str(b.content.text)}
          {author && <footer className="mt-1 not-italic">{`— ${author}`}</footer>}
        </blockquote>
      );
    }
    case 'image': {
      const url = str(b.content.url);
      const caption = str(b.content.caption);
      if (!LINKABLE.test(url)) return null;
      return (
        <figure className="mt-6" data-block-id={id}>
          <img
            src={url}
            alt={str(b.content.alt)}
            width="1200"
            height="630"
            loading="lazy"
            className="w-full rounded-2xl"
          />
          {caption && <figcaption className="mt-2 text-sm text-stone-700">{caption}</figcaption>}
        </figure>
      );
    }
    case 'video': {
      const url = str(b.content.url);
      if (!/^https?:\/\//.test(url)) return null;
      return (
        <p className="mt-6" data-block-id={id}>
          <a className="font-semibold text-maroon-800 underline" href={url} target="_blank" rel="noopener">
            {str(b.content.title) || 'Watch the video'}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </p>
      );
    }
    case 'gallery': {
      const images = Array.isArray(b.content.images)
        ? (b.content.images as unknown[]).filter((i): i is string => typeof i === 'string')
        : [];
      if (!images.length) return null;
      return (
        <div className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3" data-block-id={id}>
          {images
            .filter((src) => LINKABLE.test(src))
            .map((src, i) => (
              <img
                key={i}
                src={src}
                alt=""
                width="600"
                height="450"
                loading="lazy"
                className="w-full rounded-xl object-cover"
              />
            ))}
        </div>
      );
    }
    case 'text':
      return (
        <p className={`mt-4 whitespace-pre-line text-lg${ALIGN[b.alignment] ?? ''}`} data-block-id={id}>
          {b.text}
        </p>
      );
    default:
      return null;
  }
}

/** The blocks of a page after its content: active ones only, in sort order (D11). */
export default function ContentBlocks({ blocks }: { blocks: readonly Block[] }) {
  return (
    <>
      {visibleInOrder(blocks).map((block) => (
        <ContentBlock key={block.id} block={block} />
      ))}
    </>
  );
}
