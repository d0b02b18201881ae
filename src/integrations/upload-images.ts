import { copyFile, link, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { UPLOADS_PATH, uploadCacheDir, usedUploads } from '../lib/images/upload-cache.mjs';

/**
 * Ships the WebP copies of uploaded images that this build's pages referenced (D21) from the cache into
 * dist/_uploads/: a hard link each (the cache and the output share a disk), a copy where linking fails.
 */
export default function uploadImages(): AstroIntegration {
  return {
    name: 'hotel:upload-images',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const names = [...usedUploads()];
        if (!names.length) return;
        const out = path.join(fileURLToPath(dir), UPLOADS_PATH);
        await mkdir(out, { recursive: true });
        const from = uploadCacheDir();
        await Promise.all(
          names.map((n) =>
            link(path.join(from, n), path.join(out, n)).catch(() => copyFile(path.join(from, n), path.join(out, n))),
          ),
        );
        logger.info(`${names.length} optimised copies of uploaded images`);
      },
    },
  };
}
