// @ts-check
/**
 * The site build's environment (astro build, wherever it runs: npm run build, the publisher, the deploy build):
 * every variable it reads declared once with its default, checked all at once when astro.config.mjs loads.
 * PUBLIC_SUPABASE_URL and PUBLIC_SUPABASE_ANON_KEY are astro:env's (astro.config.mjs `env.schema`), which requires
 * them and hands them to the browser; they are read here only for the image hosts the build may fetch.
 */
import { envField, parseEnv } from './schema.mjs';

export const BUILD_ENV = {
  /** The canonical origin of the public site: canonical URLs, Open Graph, the sitemap, the feed. */
  SITE_URL: envField.url('http://localhost:4321'),
  /** Supabase's API (astro:env declares it for the pages; here for the Storage images the build may fetch). */
  PUBLIC_SUPABASE_URL: envField.url(),
  /** Where the build writes the site (the publisher gives each build its own folder). */
  ASTRO_OUT_DIR: envField.text('./dist'),
  /** Astro's cache and the optimised copies of uploaded images (D21); one per stack under npm start. */
  ASTRO_CACHE_DIR: envField.text('./node_modules/.astro'),
  /** Where the build writes its page counts (the publisher reads them, build-runner.mjs). */
  BUILD_REPORT: envField.text(),
  /**
   * Layered releases (#28, scripts/publisher/releases.mjs): the publisher's builds write only what changed, and
   * Astro's own incremental cache is not used (no second copy of every page).
   */
  RELEASE_LAYERED: envField.flag(),
  /**
   * The live release's manifest a layered build starts from: a generated page whose key it holds unchanged is not
   * rendered (src/lib/content/release-plan.ts). Unset: every page is rendered.
   */
  RELEASE_BASE: envField.text(),
  /**
   * Where the publisher will write this build's manifest, with this build's keys as its pages. A warm builder's
   * process keeps the keys it made for it: when the next build's RELEASE_BASE names that file, they are not read
   * back from it (#28: a 2.6 MB file at 10,000 posts).
   */
  RELEASE_MANIFEST: envField.text(),
  /** Which host's rule files the build writes: netlify (_redirects with query conditions) or cloudflare. */
  REDIRECTS_FORMAT: envField.oneOf(['netlify', 'cloudflare'], 'netlify'),
};

/** @param {Record<string, string | undefined>} [source] */
export const buildEnvironment = (source = process.env) => parseEnv('The site build', BUILD_ENV, source);
