// @ts-check
import { defineConfig, envField } from 'astro/config';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import redirectsFile from './src/integrations/redirects-file.ts';

// Canonical origin of the public site; absolute URLs (canonical, Open Graph, sitemap) are built from it.
const site = process.env.SITE_URL || 'http://localhost:4321';

/**
 * Uploaded images (D21): the build may fetch public objects of the configured Supabase Storage, and only those,
 * to make optimised copies (src/lib/images/storage-images.ts).
 */
function storagePatterns() {
  try {
    const u = new URL(process.env.PUBLIC_SUPABASE_URL ?? '');
    return [
      {
        protocol: u.protocol.replace(':', ''),
        hostname: u.hostname,
        ...(u.port ? { port: u.port } : {}),
        pathname: '/storage/v1/object/public/**',
      },
    ];
  } catch {
    return [];
  }
}

export default defineConfig({
  site,
  output: 'static',
  // Tests and the publisher build into their own folders; everyone else gets dist/.
  outDir: process.env.ASTRO_OUT_DIR || './dist',
  // Where fetched Storage originals and their optimised copies are kept between builds: the publisher and npm run
  // build put it in the data dir (DATA_DIR/astro-cache), one per stack.
  cacheDir: process.env.ASTRO_CACHE_DIR || './node_modules/.astro',
  image: { remotePatterns: storagePatterns() },
  trailingSlash: 'always',
  // Four pages in flight at once: generation waits on file writes more than on rendering (npm run bench:build).
  build: { format: 'directory', concurrency: 4 },
  // /sitemap.xml is built from the database (D10, src/pages/sitemap.xml.ts), not by @astrojs/sitemap.
  integrations: [react(), redirectsFile()],
  vite: { plugins: [tailwindcss()] },
  env: {
    schema: {
      // Public by design: the anon key only reaches what row-level security lets the public see.
      PUBLIC_SUPABASE_URL: envField.string({ context: 'client', access: 'public', url: true }),
      PUBLIC_SUPABASE_ANON_KEY: envField.string({ context: 'client', access: 'public' }),
    },
  },
});
