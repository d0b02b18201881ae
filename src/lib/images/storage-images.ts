/**
 * Uploaded images in the built site (D21): a post's featured image and the images in bodies may be Supabase
 * Storage URLs, originals of up to 10 MB. The build asks Astro's image service (sharp) for responsive WebP copies
 * (`image.remotePatterns` in astro.config.mjs admits the Storage host), so guests only ever download those.
 * Fetched originals and their copies are kept in Astro's cache dir, which the publisher puts in its data dir, so
 * a later build fetches nothing it has. An image that cannot be fetched or read never fails the build: it keeps
 * its original address and the build log says which image on which page.
 */
import { getImage } from 'astro:assets';
import { PUBLIC_SUPABASE_URL } from 'astro:env/client';
import { isStorageImage, rewriteImages, type OptimisedImage } from './rewrite';

export const ARTICLE_SIZES = '(min-width: 800px) 768px, 100vw';
const WIDTHS = [400, 800, 1200];

export const isUpload = (url: string | null | undefined): url is string =>
  Boolean(url) && isStorageImage(url!, PUBLIC_SUPABASE_URL);

const memo = new Map<string, Promise<OptimisedImage | null>>();

function remember(key: string, make: () => Promise<OptimisedImage | null>, url: string, where: string) {
  let found = memo.get(key);
  if (!found) {
    found = make().catch((err: unknown) => {
      console.warn(
        `[images] ${url} (${where}) is served as uploaded: ${err instanceof Error ? err.message : String(err)}`,
      );
      return null;
    });
    memo.set(key, found);
  }
  return found;
}

/** A featured image as a 1200×630 card (the shape every post page and card shows), in three widths. */
export function featuredImage(url: string, where: string, sizes = ARTICLE_SIZES): Promise<OptimisedImage | null> {
  return remember(
    `featured:${url}`,
    async () => {
      const img = await getImage({
        src: url,
        width: 1200,
        height: 630,
        fit: 'cover',
        widths: WIDTHS,
        format: 'webp',
        quality: 72,
      });
      return { src: img.src, srcset: img.srcSet.attribute, sizes, width: 1200, height: 630 };
    },
    url,
    where,
  ).then((img) => img && { ...img, sizes });
}

/** An image inside a body, at its own proportions, no wider than the article column needs. */
function bodyImage(url: string, where: string): Promise<OptimisedImage | null> {
  return remember(
    `body:${url}`,
    async () => {
      const probe = await getImage({ src: url, inferSize: true, format: 'webp' });
      const natural = Number(probe.attributes.width);
      const naturalHeight = Number(probe.attributes.height);
      const width = Math.min(natural, 1200);
      const height = Math.round((naturalHeight * width) / natural);
      const img = await getImage({
        src: url,
        width,
        height,
        widths: WIDTHS.filter((w) => w < width).concat(width),
        format: 'webp',
        quality: 72,
      });
      return { src: img.src, srcset: img.srcSet.attribute, sizes: ARTICLE_SIZES, width, height };
    },
    url,
    where,
  );
}

/** Rendered body HTML with every uploaded image replaced by its optimised copy (lazy, as the renderer made it). */
export function optimiseBodyImages(html: string, where: string): Promise<string> {
  return rewriteImages(html, isUpload, (src) => bodyImage(src, where));
}
