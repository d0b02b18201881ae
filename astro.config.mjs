// @ts-check
import { defineConfig, envField } from 'astro/config';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import hostFiles from './src/integrations/host-files.ts';
import postcssStubInBrowsers from './src/integrations/postcss-browser-stub.ts';
import incrementalCache from './src/integrations/incremental-cache.ts';
import adminBundle from './src/integrations/admin-bundle.ts';
import { buildEnvironment } from './src/lib/env/build.mjs';

// Every variable the build reads, checked at once (src/lib/env/build.mjs): a malformed one stops the build here,
// named, before anything is rendered.
const env = buildEnvironment();
// Canonical origin of the public site; absolute URLs (canonical, Open Graph, sitemap) are built from it.
const site = env.SITE_URL;

/**
 * The configured project's public Storage objects, and nothing else, as remote images Astro may fetch at build
 * time (astro:assets' <Image> and getImage()). The site's own uploads go through src/lib/images/upload-cache.mjs
 * (D21), which checks the same host and path (src/lib/images/rewrite.ts, isStorageImage).
 * @returns {import('astro').AstroUserConfig['image']}
 */
function storageImages() {
  if (!env.PUBLIC_SUPABASE_URL) return {};
  const api = new URL(env.PUBLIC_SUPABASE_URL);
  return {
    remotePatterns: [
      {
        protocol: api.protocol.replace(':', ''),
        hostname: api.hostname,
        ...(api.port ? { port: api.port } : {}),
        pathname: `${api.pathname.replace(/\/+$/, '')}/storage/v1/object/public/**`,
      },
    ],
  };
}

export default defineConfig({
  site,
  output: 'static',
  // Tests and the publisher build into their own folders; everyone else gets dist/.
  outDir: env.ASTRO_OUT_DIR,
  // Astro's cache, and the optimised copies of uploaded images (D21, src/lib/images/upload-cache.mjs): the
  // publisher and npm run build put it in the data dir (DATA_DIR/astro-cache), one per stack.
  cacheDir: env.ASTRO_CACHE_DIR,
  trailingSlash: 'always',
  image: storageImages(),
  // Sixteen pages in flight at once: generation waits on file writes more than on rendering. With each page
  // finished as it renders (src/integrations/incremental-cache.ts), 16 generated the 1,111 pages of
  // npm run bench:build in 2.6–2.7 s where 4 took 3.1–3.3 s (alternated, November 2026; 8 was between, 32 the same).
  build: { format: 'directory', concurrency: 16 },
  // /sitemap.xml is built from the database (D10, src/pages/sitemap.xml.ts): @astrojs/sitemap writes only an index
  // at another address (docs/decisions.md, D10).
  // adminBundle builds the admin's browser code apart, once per code, and links it into every build (D31);
  // incrementalCache finishes the pages (island style, uploaded-image copies) and guards the incremental cache.
  integrations: [react(), hostFiles(), adminBundle(), incrementalCache()],
  // Incremental builds (#17): a generated page whose cacheKey (src/lib/content/cache-keys.ts) and route code
  // are unchanged is copied from the previous build in cacheDir; `astro build --force` renders every page. The
  // publisher's layered builds (#28, RELEASE_LAYERED) leave unchanged pages out instead and keep no such copy.
  experimental: { incrementalBuild: !env.RELEASE_LAYERED },
  vite: { plugins: [tailwindcss(), postcssStubInBrowsers()] },
  env: {
    schema: {
      // Required here and given to the browser (astro:env/client). Public by design: the anon key only reaches what row-level security lets the public see.
      PUBLIC_SUPABASE_URL: envField.string({ context: 'client', access: 'public', url: true }),
      PUBLIC_SUPABASE_ANON_KEY: envField.string({ context: 'client', access: 'public' }),
    },
  },
});
