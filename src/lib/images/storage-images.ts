/**
 * Uploaded images in the built site (D21): a post's featured image and the images in bodies may be Supabase
 * Storage URLs, originals of up to 10 MB. The build makes responsive WebP copies of each (upload-cache.mjs) and
 * pages reference only those, so guests never download an original. An image that cannot be fetched or read
 * never fails the build: it keeps its address and the build log says which image on which page.
 */
import { PUBLIC_SUPABASE_URL } from 'astro:env/client';
import { isStorageImage, rewriteImages, type OptimisedImage } from './rewrite';
import { UPLOADS_PATH, uploadCopies, usedUploads } from './upload-cache.mjs';

export const ARTICLE_SIZES = '(min-width: 800px) 768px, 100vw';

export const isUpload = (url: string | null | undefined): url is string =>
  Boolean(url) && isStorageImage(url!, PUBLIC_SUPABASE_URL);

const memo = new Map<string, Promise<OptimisedImage | null>>();

function copies(url: string, kind: 'card' | 'body', where: string): Promise<OptimisedImage | null> {
  const key = `${kind}:${url}`;
  let found = memo.get(key);
  if (!found) {
    found = uploadCopies(url, { kind }).then(
      (m) => {
        for (const f of m.files) usedUploads().add(f.name);
        const largest = m.files[m.files.length - 1];
        return {
          src: UPLOADS_PATH + largest.name,
          srcset: m.files.map((f) => `${UPLOADS_PATH}${f.name} ${f.w}w`).join(', '),
          sizes: ARTICLE_SIZES,
          width: m.width,
          height: m.height,
        };
      },
      (err: unknown) => {
        console.warn(
          `[images] ${url} (${where}) is served as uploaded: ${err instanceof Error ? err.message : String(err)}`,
        );
        return null;
      },
    );
    memo.set(key, found);
  }
  return found;
}

/** A featured image as a 1200×630 card (the shape every post page and card shows), in three widths. */
export const featuredImage = (url: string, where: string) => copies(url, 'card', where);

/** Rendered body HTML with every uploaded image replaced by its copies (lazy, as the renderer made it). */
export function optimiseBodyImages(html: string, where: string): Promise<string> {
  return rewriteImages(html, isUpload, (src) => copies(src, 'body', where));
}
