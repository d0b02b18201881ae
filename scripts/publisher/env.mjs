// @ts-check
/**
 * The publisher's environment (npm start, npm run publish): every variable it reads declared once with its
 * default, checked all at once at start (the schema helpers are the project's, src/lib/env/schema.mjs).
 */
import { envField, parseEnv } from '../../src/lib/env/schema.mjs';

export const PUBLISHER_ENV = {
  /** Where npm start serves the live site (and the admin). */
  SITE_PORT: envField.port(4321),
  /** The site's canonical origin in its pages (default http://localhost:<SITE_PORT>). */
  SITE_URL: envField.url(),
  /** The longest a build may take before it is stopped and the live site kept: 15 minutes. */
  BUILD_TIMEOUT_MS: envField.whole({ min: 1, fallback: 15 * 60_000 }),
  /** How long `npm run publish` waits for its build to finish: 5 minutes. */
  PUBLISH_TIMEOUT_MS: envField.whole({ min: 1, fallback: 5 * 60_000 }),
};

/** @param {Record<string, string | undefined>} [source] */
export const publisherEnvironment = (source = process.env) => parseEnv('The publisher', PUBLISHER_ENV, source);
