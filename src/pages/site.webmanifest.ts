import type { APIRoute } from 'astro';
import { getHotelContact, getSeoSettings } from '../lib/content/site';
import { faviconIcons } from '../lib/images/storage-images';

/**
 * The web manifest every page links: the site's name and icons (192 and 512 px), from the uploaded favicon when
 * there is one (its sizes are made by the build), else the site's own mark.
 */
export const GET: APIRoute = async () => {
  const [settings, contact] = await Promise.all([getSeoSettings(), getHotelContact()]);
  const icons = await faviconIcons(settings?.favicon_url?.trim());
  const manifest = {
    name: settings?.site_name || contact.hotelName,
    short_name: contact.hotelName,
    description: settings?.site_description || undefined,
    start_url: '/',
    display: 'browser',
    background_color: '#fbf7f0',
    theme_color: '#6b1d1d',
    icons: [192, 512].map((size) => ({
      src: icons ? icons[size as 192 | 512] : `/icon-${size}.png`,
      sizes: `${size}x${size}`,
      type: 'image/png',
    })),
  };
  return new Response(JSON.stringify(manifest, null, 2), {
    headers: { 'Content-Type': 'application/manifest+json; charset=utf-8' },
  });
};
