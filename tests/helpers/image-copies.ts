import { cp } from 'node:fs/promises';
import path from 'node:path';

/**
 * Copies the image copies one build made into another build's Astro cache dir before its first build, so that
 * tests whose builds read the same stack convert each image once, not once per cache (#28: npm test's time).
 * Both kinds are kept by what they are made from: the site's images in Astro's `assets/` by content and options,
 * the uploads' in `uploads/` by address, since an upload never changes at its address (upload-cache.mjs). Only
 * for caches of builds of the same stack; a missing folder is skipped, and a file already there is kept.
 */
export async function seedImageCopies(from: string, to: string) {
  for (const dir of ['assets', 'uploads'])
    await cp(path.join(from, dir), path.join(to, dir), { recursive: true, force: false }).catch((err) => {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    });
}
