/**
 * Uploaded images in the built site (D21): a post's featured image, its author's photo and the images in bodies
 * may be Supabase Storage URLs, originals of up to 10 MB. The build makes responsive WebP copies of each
 * (upload-cache.mjs) and pages reference only those, so guests never download an original. An image that cannot
 * be fetched or read never fails the build: it keeps its address and the build log names the image and the page.
 *
 * Build-only (it imports node modules through upload-cache.mjs): the body renderers in src/components/body stay
 * browser-safe for the admin's previews, and the pages pass their rendered HTML through optimiseBodyImages.
 */
import { PUBLIC_SUPABASE_URL } from 'astro:env/client';
import { isStorageImage, rewriteImages, type OptimisedImage } from './rewrite';
import { UPLOADS_PATH, isSiteImage, uploadCopies, usedUploads, type Manifest } from './upload-cache.mjs';
import { ARTICLE_SIZES, AVATAR_SIZES, SECTION_IMAGE_SIZES } from './sizes';
import { buildScoped } from '../content/release-plan';

export { ARTICLE_SIZES, AVATAR_SIZES };

export const isUpload = (url: string | null | undefined): url is string =>
  Boolean(url) && isStorageImage(url!, PUBLIC_SUPABASE_URL);

/**
 * A featured image the build makes copies of: an upload, or one of the site's own photos (public/images/, which
 * the seeded posts use), so no card or post page ships a full-size JPEG to a phone (#31).
 */
export const isOptimisable = (url: string | null | undefined): url is string => isUpload(url) || isSiteImage(url);

type Kind = 'card' | 'body' | 'avatar' | 'hero';

/**
 * One fetch and conversion per upload and kind per build, however many pages show it; each failed image named once
 * per page that shows it. Both for the build only (buildScoped: a warm builder never frees this module).
 */
const madeScope = buildScoped<Map<string, Promise<Manifest | Error>>>();
const warnedScope = buildScoped<Set<string>>();

/**
 * An upload's copies of one kind, made once per build (the promise is shared by every page that asks), with the
 * names recorded as used so the build ships them; or the Error that stopped them.
 */
async function madeOnce(url: string, kind: Manifest['kind'] & string): Promise<Manifest | Error> {
  const key = `${kind}:${url}`;
  const made = madeScope(() => new Map());
  let found = made.get(key);
  if (!found) {
    found = uploadCopies(url, { kind }).catch((err: unknown) => (err instanceof Error ? err : new Error(String(err))));
    made.set(key, found);
  }
  const m = await found;
  if (!(m instanceof Error)) for (const f of m.files) usedUploads().add(f.name);
  return m;
}

/** Prints `line` the first time `key` (an image and the place that shows it) fails. */
function warnOnce(key: string, line: string) {
  const warned = warnedScope(() => new Set());
  if (warned.has(key)) return;
  warned.add(key);
  console.warn(line);
}

/**
 * The copies of an upload; null when they cannot be made (the page then shows the upload as it is, as for a
 * missing file), or 'omit' when the upload is too large to optimise: guests never get such an original (#26), so
 * the page leaves the image out and the build log names it.
 */
export type ImageCopies = OptimisedImage | null | 'omit';

async function copies(url: string, kind: Kind, where: string, sizes: string): Promise<ImageCopies> {
  const m = await madeOnce(url, kind);
  if (m instanceof Error) {
    const tooLarge = (m as Error & { tooLarge?: boolean }).tooLarge === true;
    warnOnce(
      `${url} ${where}`,
      tooLarge
        ? `[content] ${where}: ${url} is ${m.message}; left out`
        : `[images] ${url} (${where}) is served as uploaded: ${m.message}`,
    );
    return tooLarge ? 'omit' : null;
  }
  const largest = m.files[m.files.length - 1];
  return {
    src: UPLOADS_PATH + largest.name,
    srcset: m.files.map((f) => `${UPLOADS_PATH}${f.name} ${f.w}w`).join(', '),
    sizes,
    width: m.width,
    height: m.height,
  };
}

/** A featured image as a 1200×630 card (the shape every post page and card shows), in five widths. */
export const featuredImage = (url: string, where: string) => copies(url, 'card', where, ARTICLE_SIZES);

/**
 * A section's picture (#31): a hero across the screen (up to 1920 wide), or a picture beside text (up to 1200), in
 * proportion; the page's CSS crops it. An upload or a site photo; anything else is shown as it is.
 */
export const sectionImage = (url: string, hero: boolean, where: string) =>
  copies(url, hero ? 'hero' : 'body', where, hero ? '100vw' : SECTION_IMAGE_SIZES);

/** An author's photo, square, for 48 px at 1x to 3x. */
export const avatarImage = (url: string, where: string) => copies(url, 'avatar', where, AVATAR_SIZES);

/**
 * Rendered body HTML (markdown, blocks, sections) with every uploaded image replaced by its copies; the renderer's
 * `loading="lazy"` and alt text are kept. Other images (local /images/ files in bodies, other hosts) are left as they are.
 */
export function optimiseBodyImages(html: string, where: string): Promise<string> {
  return rewriteImages(html, isUpload, (src) => copies(src, 'body', where, ARTICLE_SIZES));
}

/**
 * A page's social card (og:image, twitter:image, the JSON-LD image): one 1200×630 JPEG copy of an upload or a site
 * photo (smaller when the photo is, never enlarged), never the original (#28: a 5.7 MB upload was the og:image,
 * which messengers and crawlers skip or cut off). Null when the image is neither, or cannot be read (it is then
 * named in the build log and left as it is).
 */
export async function socialImage(
  url: string | null | undefined,
  where: string,
): Promise<{ src: string; width: number; height: number } | null> {
  if (!isOptimisable(url)) return null;
  const m = await madeOnce(url, 'social');
  if (m instanceof Error) {
    warnOnce(`${url} ${where}`, `[images] ${url} (${where}) is shared as it is: ${m.message}`);
    return null;
  }
  return { src: UPLOADS_PATH + m.files[0].name, width: m.width, height: m.height };
}

/** The favicon's derived sizes (32, 180, 192, 512 px PNG), by size, or null when it cannot be used. */
export type FaviconIcons = Record<32 | 180 | 192 | 512, string>;

/**
 * The icons of an uploaded favicon: every page's head links the 32 and 180 px ones, the web manifest the 192 and
 * 512 px ones. A favicon that is not an upload of this project, or cannot be read, is left as it is (null).
 */
export async function faviconIcons(url: string | null | undefined): Promise<FaviconIcons | null> {
  if (!isUpload(url)) return null;
  const m = await madeOnce(url, 'icon');
  if (m instanceof Error) {
    warnOnce(`${url} favicon`, `[images] ${url} (seo_settings favicon_url) is served as uploaded: ${m.message}`);
    return null;
  }
  return Object.fromEntries(m.files.map((f) => [f.w, UPLOADS_PATH + f.name])) as FaviconIcons;
}
