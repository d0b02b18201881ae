import type { PostCard } from './types';

/**
 * Items in /rss.xml: the newest posts, as WordPress's feeds carry the latest ten. Readers poll a feed for what is new;
 * one of 10,000 items (megabytes, fetched again and again) serves nobody, and rebuilding it cost every publish 0.14 s.
 */
export const FEED_LENGTH = 20;

/** RSS items for the blog's newest live posts (FEED_LENGTH): title, link, date, excerpt and category. */
export function feedItems(posts: PostCard[]) {
  return (
    [...posts]
      // ISO instants in UTC order as strings; localeCompare is slower and not meant for it.
      .sort((a, b) => (a.dateIso < b.dateIso ? 1 : a.dateIso > b.dateIso ? -1 : 0))
      .slice(0, FEED_LENGTH)
      .map((p) => ({
        title: p.title,
        link: `/blog/${p.slug}/`,
        pubDate: new Date(p.dateIso),
        description: p.excerpt,
        categories: p.categoryKey ? [p.categoryLabel] : [],
      }))
  );
}
