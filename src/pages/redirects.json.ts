import type { APIRoute } from 'astro';
import { getRedirectRows } from '../lib/content/site';
import { compileRedirects } from '../lib/redirects/compile';

/**
 * /redirects.json: the active redirects compiled (D6, D7), `{ from, to, status }` each: the 404 page's fallback
 * answers from them with the site server's matcher (src/lib/host/redirects.mjs), and the build writes the same
 * rules into _redirects (src/integrations/host-files.ts).
 */
export const GET: APIRoute = async ({ site }) => {
  const rules = compileRedirects(await getRedirectRows(), {
    siteHost: site?.host,
    warn: (message) => console.warn(`[redirects] ${message}`),
  });
  return new Response(JSON.stringify(rules), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
};
