import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

/**
 * Sizes of the images under public/ (what posts and pages refer to as /images/...), read once per build, so
 * rendered markdown can give every local image its width and height.
 */
export async function readPublicImageSizes(
  root = path.resolve('public'),
): Promise<Map<string, { width: number; height: number }>> {
  const sizes = new Map<string, { width: number; height: number }>();
  const files = (await readdir(root, { recursive: true }).catch(() => []))
    .map(String)
    .filter((f) => /\.(jpe?g|png|webp|gif|avif)$/i.test(f));
  await Promise.all(
    files.map(async (f) => {
      const meta = await sharp(path.join(root, f))
        .metadata()
        .catch(() => undefined);
      if (meta?.width && meta.height)
        sizes.set(`/${f.split(path.sep).join('/')}`, { width: meta.width, height: meta.height });
    }),
  );
  return sizes;
}
