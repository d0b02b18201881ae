/**
 * Uploads an image to the `blog-images` bucket (spec §7): one too large for the build to optimise refused (#26), a
 * favicon that is not square refused (#31), large photos downscaled first, stored at
 * `{folder}/{timestamp}-{random}.{ext}` with cache 3600 and no overwrite, answered with the public URL. Failures
 * are worded by the caller ('Upload failed: {message}'), so no meta.errorMessage here.
 */
import { useMutation } from '@tanstack/react-query';
import { supabase } from '../../lib/supabase';
import { compressImage } from '../../lib/compress-image';
import { imageDimensionsFromData } from 'image-dimensions';
import { faviconSizeProblem, pixelsProblem, storagePath } from '../../lib/image-rules';

export type UploadFolder = 'featured' | 'seo' | 'favicon' | 'content';

export async function uploadImage(file: File, folder: UploadFolder): Promise<{ url: string; path: string }> {
  // The dimensions from the file's header, before anything decodes it (a browser may not decode 400 megapixels).
  const size = imageDimensionsFromData(new Uint8Array(await file.arrayBuffer()));
  const refused = size && (pixelsProblem(size) ?? (folder === 'favicon' ? faviconSizeProblem(size) : null));
  if (refused) throw new Error(refused);
  const ready = await compressImage(file);
  const path = storagePath(folder, ready);
  const { error } = await supabase.storage
    .from('blog-images')
    .upload(path, ready, { cacheControl: '3600', upsert: false, contentType: ready.type });
  if (error) throw error;
  const { data } = supabase.storage.from('blog-images').getPublicUrl(path);
  return { url: data.publicUrl, path };
}

export function useUploadImageMutation(folder: UploadFolder) {
  return useMutation({ mutationFn: (file: File) => uploadImage(file, folder) });
}
