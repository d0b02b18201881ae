import type { APIRoute } from 'astro';
import rss from '@astrojs/rss';
import { getHotelContact, getPosts } from '../lib/content/site';
import { toCard } from '../lib/content/blog';
import { feedItems } from '../lib/blog/feed';

/** /rss.xml: the live posts, newest first, as an RSS 2.0 feed (noindex posts included: they are still published). */
export const GET: APIRoute = async ({ site }) => {
  const origin = site ?? new URL('http://localhost:4321');
  const { hotelName } = await getHotelContact();
  return rss({
    title: `${hotelName} Blog`,
    description: `News, stories and travel tips from ${hotelName}, beside Boudhanath Stupa in Kathmandu.`,
    site: origin,
    items: feedItems((await getPosts()).map(toCard)),
    customData: '<language>en</language>',
  });
};
