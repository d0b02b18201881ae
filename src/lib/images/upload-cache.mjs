// @ts-check
/**
 * The build's cache of uploaded images (D21), shared by the pages that reference the copies
 * (src/lib/images/storage-images.ts) and the integration that ships them (src/integrations/upload-images.ts).
 *
 * Written by hand rather than through astro:assets: an upload never changes at its address (the admin stores each
 * at a new path, without overwrite), so a copy made once holds for good, and a warm build needs no fetch, no
 * decode and no per-file copy through Astro's image pipeline, only a hard link per file. Measured with 100 of
 * 1,000 posts carrying two uploads each (npm run bench:build): Astro's pipeline spent 0.7 s of a warm build on
 * its cached images and 16.6 s on a cold one.
 */
import { createHash } from 'node:crypto';
import { access, mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buildEnvironment } from '../env/build.mjs';

/**
 * Astro's cache dir for the builds of the stack whose data dir is `dataDir`: the one place that names it. Every
 * script that builds (npm run build, the publisher, tests, benches) passes it as ASTRO_CACHE_DIR, so each stack
 * keeps its own copies and two stacks never share one.
 * @param {string} dataDir
 */
export const astroCacheDir = (dataDir) => path.join(dataDir, 'astro-cache');

/** @type {{ raw: string, dir: string } | undefined} */
let cacheDirMemo;

/**
 * Where copies and their manifests live: `uploads/` in ASTRO_CACHE_DIR, else in Astro's default cache dir
 * (node_modules/.astro, for a bare `astro build`). Deleting this folder makes the next build fetch again.
 */
export function uploadCacheDir() {
  // Asked for by every uploaded image of every page: the environment is checked (zod) once per value, not each time
  // (about 70 ms of a 1,000-post build).
  const raw = `${process.env.ASTRO_CACHE_DIR ?? ''}\0${process.cwd()}`;
  if (cacheDirMemo?.raw !== raw)
    cacheDirMemo = { raw, dir: path.resolve(buildEnvironment().ASTRO_CACHE_DIR, 'uploads') };
  return cacheDirMemo.dir;
}

/** The URL path the copies are served under. */
export const UPLOADS_PATH = '/_uploads/';

/** Files the pages of this build referenced, for the integration to ship (same process, so globalThis). */
export function usedUploads() {
  const g = /** @type {{ __hotelUploads?: Set<string> }} */ (globalThis);
  return (g.__hotelUploads ??= new Set());
}

/** @param {string} text */
export const cacheKey = (text) => createHash('sha256').update(text).digest('hex').slice(0, 20);

/**
 * @typedef {{ width: number, height: number, files: Array<{ w: number, name: string }>, url?: string, kind?: Kind }} Manifest
 *   `url` and `kind`: what the copies were made from, so that a lost copy can be made again (#26).
 * @typedef {'card' | 'body' | 'avatar' | 'icon' | 'social' | 'hero'} Kind
 * @typedef {{ kind: Kind }} Variant
 */

/**
 * What a copy is made of; changing it (widths, quality, crop) must change this, so the cache makes new copies
 * instead of serving the old ones.
 */
export const COPY_FORMAT = 'webp-q72-v3';

/**
 * The widths made of each upload (those below its own width, and its width up to the largest). Chromium takes the
 * smallest copy at least as dense as the screen, so 1080 is there for phones: a post image 380 CSS px wide on a
 * 412 px phone at DPR 2.625 (998 px) or a 390 px one at DPR 3 (1074 px) takes it rather than the 1200 one, about
 * 20 % fewer bytes; Lighthouse's phone (DPR 1.75) takes the 800 one, a 3-column card on a laptop the 400 one, a
 * retina desktop the 1200 one.
 */
const WIDTHS = [400, 640, 800, 1080, 1200];
/**
 * A page's hero spans the screen: up to 1920 wide (a laptop at DPR 1.5, a 1920 monitor), as the built-in pages'
 * heroes were made by astro:assets before they became sections (#31), and at their quality (60).
 */
const HERO_WIDTHS = [480, 720, 960, 1280, 1600, 1920];
/** An author's photo is shown 48 px square: copies for 1x, 2x and 3x screens. */
const AVATAR_WIDTHS = [48, 96, 144];
/**
 * The favicon's sizes: a browser tab (32), the iPhone home screen (180, apple-touch-icon) and the web manifest's
 * two (192, 512). PNG with transparency, the whole image fitted into the square (never cropped), made at every
 * size even from a small upload: each place asks for its size.
 */
const ICON_WIDTHS = [32, 180, 192, 512];
const MAX_BYTES = 25 * 1024 * 1024;

/** The site's own photos (public/images/…), which the seeded posts and the stock card use: copied like uploads. */
const SITE_IMAGE_RE = /^\/images\/(?:[A-Za-z0-9_-]+\/)*[A-Za-z0-9_-]+\.(?:jpe?g|png|webp)$/;
// From the project root, where every build runs (this module is bundled into the build's own chunks, so its
// address says nothing of where public/ is), as ASTRO_CACHE_DIR's default is.
const PUBLIC_DIR = path.resolve('public');

/** Whether an address is one of the site's own photos under public/images/. @param {string | null | undefined} url */
export const isSiteImage = (url) => typeof url === 'string' && SITE_IMAGE_RE.test(url);

/**
 * An image's bytes: a site photo from public/ (its key is its content, which a new code version may change), an
 * upload from Storage (its key is its address, which never changes: the admin stores each at a new path).
 * @param {string} url
 * @returns {Promise<{ key: string, read: () => Promise<Buffer> }>}
 */
async function source(url) {
  if (isSiteImage(url)) {
    const bytes = await readFile(path.join(PUBLIC_DIR, url));
    return { key: createHash('sha256').update(bytes).digest('hex'), read: async () => bytes };
  }
  return {
    key: url,
    read: async () => {
      const res = await fetch(url, { signal: AbortSignal.timeout(30_000) });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const type = res.headers.get('content-type') ?? '';
      if (!type.startsWith('image/')) {
        await res.body?.cancel();
        throw new Error(`not an image (${type || 'no content type'})`);
      }
      if (Number(res.headers.get('content-length')) > MAX_BYTES) {
        await res.body?.cancel();
        throw new Error(`larger than ${MAX_BYTES / 1024 / 1024} MB`);
      }
      const bytes = Buffer.from(await res.arrayBuffer());
      if (bytes.length > MAX_BYTES) throw new Error(`larger than ${MAX_BYTES / 1024 / 1024} MB`);
      return bytes;
    },
  };
}

/** Four conversions at a time: sharp is multi-threaded already, and the machine may have two cores. */
let running = 0;
/** @type {Array<() => void>} */
const waiting = [];
/** @template T @param {() => Promise<T>} job @returns {Promise<T>} */
async function limited(job) {
  if (running >= 4) await new Promise((r) => waiting.push(/** @type {() => void} */ (r)));
  running++;
  try {
    return await job();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/**
 * A card's size: 1200×630, or the largest box of that shape the image covers when it is smaller, so a small photo
 * is cropped but never enlarged (#31: an 840×630 upload was blown up to 1200 wide, soft on every screen).
 * @param {{ width: number, height: number }} natural
 */
export function cardBox(natural) {
  const scale = Math.min(1, natural.width / 1200, natural.height / 630);
  return { width: Math.max(1, Math.round(1200 * scale)), height: Math.max(1, Math.round(630 * scale)) };
}

/**
 * The WebP copies of an upload for a variant: from the cache, else fetched and converted once. A card is cropped to
 * 1200×630 (the shape of every post image on the site); a body image keeps its proportions, at most 1200 wide; an
 * avatar (a post author's photo) is cropped square, 144 px at most.
 * Throws when the upload cannot be fetched or read.
 * @param {string} url
 * @param {Variant} variant
 * @returns {Promise<Manifest>}
 */
export async function uploadCopies(url, variant) {
  const dir = uploadCacheDir();
  const src = await source(url);
  const key = cacheKey(`${COPY_FORMAT}:${variant.kind}:${src.key}`);
  const manifestFile = path.join(dir, `${key}.json`);
  const cached = await readFile(manifestFile, 'utf8').then(
    (t) => /** @type {Manifest} */ (JSON.parse(t)),
    () => undefined,
  );
  // A copy deleted from the cache (a disk cleaned by hand, a cache restored in part) is made again with the rest,
  // rather than referred to and missing from the build (#26).
  if (cached && (await allPresent(dir, cached))) return cached;
  return limited(async () => {
    const original = await src.read();
    const sharp = (await import('sharp')).default;
    const meta = await sharp(original)
      .rotate()
      .metadata()
      .catch((/** @type {Error} */ err) => {
        // Past sharp's pixel limit nothing can be made of it, and guests must never get the original (#26).
        if (/pixel limit/i.test(err.message)) {
          throw Object.assign(new Error('too large to optimise (more than 16,383 × 16,383 pixels)'), {
            tooLarge: true,
          });
        }
        throw err;
      });
    if (!meta.width || !meta.height) throw new Error('no image size');
    const rotated = (meta.orientation ?? 1) >= 5;
    const natural = rotated ? { width: meta.height, height: meta.width } : { width: meta.width, height: meta.height };
    const box =
      variant.kind === 'icon'
        ? { width: 512, height: 512 }
        : variant.kind === 'card' || variant.kind === 'social'
          ? cardBox(natural)
          : variant.kind === 'avatar'
            ? { width: 144, height: 144 }
            : proportional(natural, variant.kind === 'hero' ? 1920 : 1200);
    await mkdir(dir, { recursive: true });
    const widths =
      variant.kind === 'icon'
        ? ICON_WIDTHS
        : variant.kind === 'social'
          ? [box.width]
          : (variant.kind === 'avatar' ? AVATAR_WIDTHS : variant.kind === 'hero' ? HERO_WIDTHS : WIDTHS)
              .filter((w) => w < box.width)
              .concat(box.width);
    const files = [];
    for (const w of widths) {
      const h = Math.round((box.height * w) / box.width);
      const icon = variant.kind === 'icon';
      // The social card is a JPEG: every messenger and crawler that reads og:image takes one, not all take WebP.
      const social = variant.kind === 'social';
      const name = `${key}-${w}.${icon ? 'png' : social ? 'jpg' : 'webp'}`;
      const resized = sharp(original)
        .rotate()
        .resize(
          w,
          h,
          icon
            ? { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } }
            : { fit: 'cover', position: 'attention' },
        );
      const copy = await (
        icon
          ? resized.png({ compressionLevel: 9 })
          : social
            ? // A JPEG has no transparency: a transparent logo is shared on white, not black.
              resized.flatten({ background: '#ffffff' }).jpeg({ quality: 80, mozjpeg: true })
            : resized.webp({ quality: variant.kind === 'hero' ? 60 : 72 })
      ).toBuffer();
      await writeFile(path.join(dir, name), copy);
      files.push({ w, name });
    }
    /** @type {Manifest} */
    const manifest = { width: box.width, height: box.height, files, url, kind: variant.kind };
    // The manifest last, whole, renamed into place: a build stopped midway leaves no manifest to trust.
    await writeFile(`${manifestFile}.tmp`, JSON.stringify(manifest));
    await rename(`${manifestFile}.tmp`, manifestFile);
    return manifest;
  });
}

/** The box of an image kept in proportion, at most `max` wide. @param {{ width: number, height: number }} natural @param {number} max */
function proportional(natural, max) {
  const width = Math.min(max, natural.width);
  return { width, height: Math.max(1, Math.round((natural.height * width) / natural.width)) };
}

/** Whether every copy a manifest lists is in the cache. @param {string} dir @param {Manifest} manifest */
async function allPresent(dir, manifest) {
  const found = await Promise.all(
    manifest.files.map((f) =>
      access(path.join(dir, f.name)).then(
        () => true,
        () => false,
      ),
    ),
  );
  return found.every(Boolean);
}

/**
 * Makes again the copies named in `names` that the cache lost, from the manifests that list them (their `url` and
 * `kind`). Returns the names it could not make: listed by no manifest, by one written before manifests recorded
 * their source, or whose upload cannot be fetched any more. The manifests of those are removed, so that the next
 * build, which renders every page, makes their copies anew.
 * @param {string[]} names
 * @returns {Promise<string[]>}
 */
export async function remakeCopies(names) {
  const dir = uploadCacheDir();
  const wanted = new Set(names);
  /** @type {Map<string, Manifest>} manifest file → manifest, for those listing a wanted name */
  const owners = new Map();
  for (const file of (await readdir(dir).catch(() => [])).filter((f) => f.endsWith('.json'))) {
    const manifest = await readFile(path.join(dir, file), 'utf8').then(
      (t) => /** @type {Manifest} */ (JSON.parse(t)),
      () => undefined,
    );
    if (manifest?.files?.some((f) => wanted.has(f.name))) owners.set(file, manifest);
  }
  for (const [file, manifest] of owners) {
    if (manifest.url && manifest.kind) {
      const made = await uploadCopies(manifest.url, { kind: manifest.kind }).catch(() => undefined);
      if (made) continue;
    }
    await rm(path.join(dir, file), { force: true });
  }
  const left = await Promise.all(
    names.map((n) =>
      access(path.join(dir, n)).then(
        () => null,
        () => n,
      ),
    ),
  );
  return left.filter((n) => n !== null);
}
