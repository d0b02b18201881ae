import Markdown from '../body/Markdown';

/** A featured image as the page shows it: optimised copies of an upload (D21), else the address as given. */
export interface PageImage {
  src: string;
  srcset?: string;
  sizes?: string;
  width?: number;
  height?: number;
  alt: string;
}

export interface PageArticleProps {
  title: string;
  image: PageImage | null;
  /** The page's text: its markdown (the admin's live preview) or the HTML the build rendered from it. */
  content: { markdown: string } | { html: string };
}

/**
 * A stored page's article (#27): title, featured image and text, one component for the public page
 * (src/components/StoredPage.astro renders it to static HTML) and the Pages editor's live preview, so the two
 * cannot differ. Blocks and sections follow it, through the shared body components.
 */
export default function PageArticle({ title, image, content }: PageArticleProps) {
  return (
    <>
      <h1 className="text-4xl font-bold sm:text-5xl">{title}</h1>
      {image && (
        <img
          src={image.src}
          srcSet={image.srcset}
          sizes={image.sizes}
          alt={image.alt}
          width={image.width ?? 1200}
          height={image.height ?? 630}
          fetchPriority="high"
          className="mt-8 aspect-[1200/630] w-full rounded-2xl object-cover"
        />
      )}
      {'html' in content ? <Markdown html={content.html} /> : <Markdown markdown={content.markdown} />}
    </>
  );
}
