/**
 * Large photos are downscaled in the browser before upload (spec §7: over 1 MB, fit 1200×630, JPEG quality 0.8),
 * with browser-image-compression in a web worker so the editor stays responsive. The library's worker loads its
 * own script by URL, from a CDN unless told otherwise: we give it the copy our build serves, so the admin depends
 * on no third party. GIFs are left alone (their animation would be lost).
 */
import imageCompression from 'browser-image-compression';
import libUrl from 'browser-image-compression/dist/browser-image-compression.js?url';
import { COMPRESS_ABOVE, FIT, fitMaxSide } from './image-rules';

async function naturalSize(file: File): Promise<{ width: number; height: number }> {
  const bitmap = await createImageBitmap(file);
  const size = { width: bitmap.width, height: bitmap.height };
  bitmap.close();
  return size;
}

export async function compressImage(file: File): Promise<File> {
  if (file.size <= COMPRESS_ABOVE || file.type === 'image/gif') return file;
  const { width, height } = await naturalSize(file);
  const blob = await imageCompression(file, {
    maxWidthOrHeight: fitMaxSide(width, height),
    fileType: 'image/jpeg',
    initialQuality: FIT.quality,
    useWebWorker: true,
    // The worker is a blob: URL, so the script's address must be absolute.
    libURL: new URL(libUrl, window.location.href).href,
  });
  const name = file.name.replace(/\.[^.]*$/, '') + '.jpg';
  return new File([blob], name, { type: 'image/jpeg', lastModified: file.lastModified });
}
