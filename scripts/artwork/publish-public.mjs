// @ts-check
/**
 * Copies the artwork the database refers to by URL into public/ (run after generate.mjs; not part of the build):
 * blog images at /images/blog/<name>.jpg (1200x630, the featured-image size) and the default share image at
 * /images/og-default.jpg. Images in src/assets go through astro:assets instead; these are addressed by URL from
 * seed.sql and the admin, so they must keep stable paths.
 */
import { mkdir, copyFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { PROJECT_ROOT } from '../local-supabase/config.mjs';

const SRC = path.join(PROJECT_ROOT, 'src/assets/images');
const OUT = path.join(PROJECT_ROOT, 'public/images');

const BLOG = [
  'kora-dawn',
  'butter-lamps',
  'losar',
  'momo-kitchen',
  'monastery-visit',
  'travel-tips',
  'hotel-news',
  'default',
];
/** Extra blog images cropped from other artwork: name → source. */
const CROPPED = {
  thangka: 'thangka-class.jpg',
  meditation: 'gallery/meditation.jpg',
  'prayer-wheels': 'gallery/prayer-wheels.jpg',
};

await mkdir(path.join(OUT, 'blog'), { recursive: true });
for (const name of BLOG) await copyFile(path.join(SRC, 'blog', `${name}.jpg`), path.join(OUT, 'blog', `${name}.jpg`));
for (const [name, source] of Object.entries(CROPPED)) {
  await sharp(path.join(SRC, source))
    .resize(1200, 630, { fit: 'cover', position: 'attention' })
    .jpeg({ quality: 80, mozjpeg: true })
    .toFile(path.join(OUT, 'blog', `${name}.jpg`));
}
await copyFile(path.join(SRC, 'og-default.jpg'), path.join(OUT, 'og-default.jpg'));
console.log(`published ${BLOG.length + Object.keys(CROPPED).length} blog images and og-default.jpg to public/images/`);
