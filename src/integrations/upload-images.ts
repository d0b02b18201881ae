import { access, copyFile, link, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { UPLOADS_PATH, remakeCopies, uploadCacheDir } from '../lib/images/upload-cache.mjs';

/** A copy's name where a page refers to it (src, srcset, preload, og:image): `/_uploads/<name>`. */
const REFERENCE = new RegExp(`${UPLOADS_PATH.replace(/\//g, '\\/')}([A-Za-z0-9_-]+\\.[a-z0-9]+)`, 'g');

/** The copies of uploaded images a page refers to, each once. */
export function referencedUploads(html: string): string[] {
  return [...new Set([...html.matchAll(REFERENCE)].map((m) => m[1]))];
}

/**
 * Ships the WebP and PNG copies of uploaded images that the build's pages refer to (D21) from the cache into
 * dist/_uploads/: a hard link each (the cache and the output share a disk), a copy where linking fails. The names
 * are those this build's rendering asked for (usedUploads) and those the pages it reused refer to
 * (src/integrations/incremental-cache.ts). A copy the cache lost is made again from the upload (remakeCopies). One
 * that cannot be (its upload gone, or a manifest too old to name it) fails the build, naming it: the live site keeps
 * its images, its manifest is removed, and the failed build leaves the incremental cache unreleased, so the next
 * build renders every page and makes its copies anew (#26: before, every later build failed the same way).
 */
export async function shipUploads(root: string, names: Iterable<string>): Promise<number> {
  const all = [...new Set(names)];
  if (!all.length) return 0;
  const from = uploadCacheDir();
  const lost: string[] = [];
  await Promise.all(all.map((n) => access(path.join(from, n)).catch(() => lost.push(n))));
  const missing = lost.length ? await remakeCopies(lost) : [];
  if (missing.length)
    throw new Error(
      `${missing.length} optimised image copies the pages refer to are not in ${from} (${missing.slice(0, 3).join(', ')}${missing.length > 3 ? ', …' : ''}). Build again: the next build renders every page.`,
    );
  const out = path.join(root, UPLOADS_PATH);
  await mkdir(out, { recursive: true });
  await Promise.all(
    all.map((n) =>
      link(path.join(from, n), path.join(out, n)).catch(() => copyFile(path.join(from, n), path.join(out, n))),
    ),
  );
  return all.length;
}
