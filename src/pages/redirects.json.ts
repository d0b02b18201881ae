import type { APIRoute } from 'astro';
import { getRedirectRows } from '../lib/content/site';
import { compileRedirects, redirectMap } from '../lib/redirects/compile';

/**
 * /redirects.json: the active redirects compiled (D6, D7): the 404 page's fallback looks paths up in it, and
 * the build writes the same rules into _redirects (src/integrations/redirects-file.ts).
 */
export const GET: APIRoute = async ({ site }) => {
  const rules = compileRedirects(await getRedirectRows(), {
    siteHost: site?.host,
    warn: (message) => console.warn(`[redirects] ${message}`),
  });
  return new Response(JSON.stringify(redirectMap(rules)), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
};
