/**
 * The rules for site paths staff can type (#26), the same as the database's (private.page_address_problem and the
 * sitemap_entries_url_plain_path check, 20261126130000_reserve_built_in_paths.sql); tests/integration/reserved-paths.test.ts
 * runs one table of paths through both.
 */
import { isReservedPath, routeByPath } from '../routes';

/**
 * A stored page's address: lower-case segments starting with a letter or digit (no `.`, `..`, `_astro`), and a first
 * segment without a dot (no `sitemap.xml` or `robots.txt`, files the build writes at the root).
 */
const PAGE_ADDRESS = /^\/[a-z0-9][a-z0-9_~-]*\/([a-z0-9][a-z0-9._~-]*\/)*$/;

/** Whether a path has the shape of a page address (convertible routes and the home page's /home/ included). */
export const isPageAddressShape = (path: string) => PAGE_ADDRESS.test(path);

/** The built-in routes a stored page may replace whole (D20): the Content List's, but the home page. */
export const isConvertible = (path: string) => path !== '/' && Boolean(routeByPath(path)?.contentList);

/** Why a path cannot be a stored page's address, or null: the database's words. */
export function pageAddressProblem(path: string): string | null {
  if (!PAGE_ADDRESS.test(path))
    return `${path} is not a page address: lower-case letters, digits and hyphens between slashes, e.g. /monsoon-retreats/`;
  if (isConvertible(path)) return null;
  if (isReservedPath(path)) return `${path} belongs to a page built into the site; choose another URL`;
  return null;
}

/**
 * Whether a sitemap custom URL is a plain path of this site: it starts with one slash, and has no backslash (URL
 * parsers read `/\evil.example/` as `//evil.example/`), no empty segment and no dot segment.
 */
export const isPlainSitePath = (path: string) =>
  path.startsWith('/') && !/[\\]/.test(path) && !path.includes('//') && !/\/\.{1,2}(\/|$)/.test(path);
