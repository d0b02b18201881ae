/**
 * The image rules of the upload widget and the markdown editor (spec §5, §7, §9), as pure functions: which files
 * are accepted, where an upload is stored, the alt text an upload gets by default, and the size a large photo is
 * fitted to before it is uploaded.
 */

export const MB = 1024 * 1024;
/** The upload widget's limit, and the markdown editor's. */
export const WIDGET_LIMIT = { bytes: 10 * MB, message: 'Image size must be less than 10MB' } as const;
export const EDITOR_LIMIT = { bytes: 5 * MB, message: 'Image size should be less than 5MB' } as const;
export const NOT_AN_IMAGE = 'Please select an image file';
/** Files above this are downscaled and re-encoded in the browser first. */
export const COMPRESS_ABOVE = 1 * MB;
export const FIT = { width: 1200, height: 630, quality: 0.8 } as const;
/** What the bucket takes (its allowed MIME types). */
export const ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

/**
 * The most pixels the build can optimise (sharp's own limit, 16,383 × 16,383): a larger upload could only be linked
 * to guests as it is, so it is refused at upload (#26: a 20,000 × 20,000 image was served raw).
 */
export const MAX_PIXELS = 268_402_689;

/** Why an image of these dimensions cannot be uploaded, or null. */
export function pixelsProblem(size: { width: number; height: number }): string | null {
  if (size.width * size.height <= MAX_PIXELS) return null;
  return `This image is ${size.width.toLocaleString('en')} × ${size.height.toLocaleString('en')} pixels, too large for the site to optimise. Please resize it to at most 16,000 pixels a side and upload it again.`;
}

/**
 * The favicon (admin spec, SEO & Favicon: PNG or JPG, ICO not supported, square; §9: ratio 1/1): what its
 * guidance and its drop area both say, and what its upload refuses (#31).
 */
export const FAVICON = {
  types: ['image/png', 'image/jpeg'],
  /** The drop area's line under its prompt. */
  accepts: 'PNG or JPG, square, up to 10MB',
  notType: 'A favicon must be a PNG or JPG image; ICO files are not supported.',
} as const;

/** Why an image of these dimensions cannot be the favicon (it is not square), or null. */
export function faviconSizeProblem(size: { width: number; height: number }): string | null {
  if (size.width === size.height) return null;
  return `This image is ${size.width.toLocaleString('en')} × ${size.height.toLocaleString('en')} pixels, not square. A favicon must be square (the same width and height); please crop it and upload it again.`;
}

/** Why a file cannot be uploaded, or null when it can. */
export function imageFileProblem(
  file: { type: string; size: number },
  limit: { bytes: number; message: string } = WIDGET_LIMIT,
): string | null {
  if (!file.type.startsWith('image/')) return NOT_AN_IMAGE;
  if (file.size > limit.bytes) return limit.message;
  return null;
}

/** An upload's default alt text: the file name without extension, hyphens and underscores as spaces (spec §9). */
export function altFromFileName(name: string): string {
  return name
    .replace(/\.[^.]*$/, '')
    .replace(/[-_]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The longest side to give browser-image-compression (which only takes `maxWidthOrHeight`) so that the image still
 * covers 1200×630, never enlarged: the site shows a featured photo as a 1200×630 card, cropped, so a 4:3 photo is
 * kept at 1200×900 (fitting it inside the box, 840×630, left the build to enlarge it to 1200 wide: #31).
 */
export function fitMaxSide(width: number, height: number, box: { width: number; height: number } = FIT): number {
  const scale = Math.min(Math.max(box.width / width, box.height / height), 1);
  return Math.max(1, Math.floor(Math.max(width, height) * scale));
}

const EXT: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

/** `{folder}/{timestamp}-{random}.{ext}` (spec §7); the extension follows the file's type. */
export function storagePath(
  folder: string,
  file: { name: string; type: string },
  now = Date.now(),
  random = Math.random(),
) {
  const fromName = /\.([a-z0-9]{1,5})$/i.exec(file.name)?.[1]?.toLowerCase();
  const ext = EXT[file.type] ?? fromName ?? 'jpg';
  return `${folder}/${now}-${random.toString(36).slice(2, 10)}.${ext}`;
}
