/**
 * Uploaded images for the end-to-end build (D21): before global-setup builds the site, one seeded post gets a
 * freshly uploaded photo as its featured image and author photo, and a second upload inside its content, as staff
 * would store them (service role, straight to Storage, no browser downscaling). tests/e2e/uploaded-images.spec.ts
 * checks what guests get. The post is one no other spec looks at closely.
 */
import { createClient } from '@supabase/supabase-js';
import sharp from 'sharp';
import type { Database } from '../../src/lib/supabase/database.types';

export const UPLOAD_POST = 'from-kathmandu-airport-to-boudha';
export const UPLOAD_ALT = 'Prayer flags over the arrivals road, uploaded';

/** A photo-like JPEG: grain at several scales, so its copies are not trivially small. */
async function photo(width: number, height: number, tint: string) {
  const coarse = await sharp({
    create: { width: 64, height: 48, channels: 3, background: tint, noise: { type: 'gaussian', mean: 128, sigma: 50 } },
  })
    .resize(width, height)
    .png()
    .toBuffer();
  return sharp({
    create: { width, height, channels: 3, background: tint, noise: { type: 'gaussian', mean: 128, sigma: 24 } },
  })
    .composite([{ input: coarse, blend: 'overlay' }])
    .jpeg({ quality: 88 })
    .toBuffer();
}

export async function seedUploads(env: { PUBLIC_SUPABASE_URL: string; SUPABASE_SERVICE_ROLE_KEY: string }) {
  const db = createClient<Database>(env.PUBLIC_SUPABASE_URL, env.SUPABASE_SERVICE_ROLE_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const stamp = Date.now();
  const upload = async (objectPath: string, body: Buffer) => {
    const { error } = await db.storage.from('blog-images').upload(objectPath, body, { contentType: 'image/jpeg' });
    if (error) throw new Error(`uploading ${objectPath}: ${error.message}`);
    return db.storage.from('blog-images').getPublicUrl(objectPath).data.publicUrl;
  };
  const featured = await upload(`featured/${stamp}-e2e-arrivals.jpg`, await photo(2400, 1800, '#9a3412'));
  const author = await upload(`featured/${stamp}-e2e-author.jpg`, await photo(600, 800, '#44403c'));
  const inline = await upload(`content/${stamp}-e2e-taxi.jpg`, await photo(1600, 1000, '#1e3a8a'));
  const { data: post, error } = await db.from('blog_posts').select('content').eq('slug', UPLOAD_POST).single();
  if (error) throw error;
  const { error: updateError } = await db
    .from('blog_posts')
    .update({
      featured_image: featured,
      alt_text: UPLOAD_ALT,
      author_image: author,
      content: `${post.content}\n\n![A taxi rank outside the airport, uploaded](${inline})\n`,
    })
    .eq('slug', UPLOAD_POST);
  if (updateError) throw updateError;
  return { featured, author, inline };
}
