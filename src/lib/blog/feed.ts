import type { PostCard } from './types';

/** RSS items for the blog's live posts, newest first: title, link, date, excerpt and category. */
export function feedItems(posts: PostCard[]) {
  return [...posts]
    .sort((a, b) => b.dateIso.localeCompare(a.dateIso))
    .map((p) => ({
      title: p.title,
      link: `/blog/${p.slug}/`,
      pubDate: new Date(p.dateIso),
      description: p.excerpt,
      categories: p.categoryKey ? [p.categoryLabel] : [],
    }));
}
