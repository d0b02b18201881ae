import type { APIRoute } from 'astro';
import { getSitemap } from '../lib/content/site';
import { renderSitemapXml } from '../lib/sitemap/entries';

/** /sitemap.xml from the database (D10): no drafts, scheduled or noindex URLs; absolute URLs from SITE_URL. */
export const GET: APIRoute = async ({ site }) => {
  const xml = renderSitemapXml(await getSitemap(), site ?? 'http://localhost:4321');
  return new Response(xml, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
