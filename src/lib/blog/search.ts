import type { PostCard } from './types';

/** The compact search index the blog island downloads once: one short array per post. */
export type IndexEntry = [
  slug: string,
  title: string,
  excerpt: string,
  categoryKey: string,
  categoryLabel: string,
  dateLabel: string,
  author: string,
  image: string,
  imageAlt: string,
];

export function toIndex(cards: PostCard[]): IndexEntry[] {
  return cards.map((c) => [
    c.slug,
    c.title,
    c.excerpt,
    c.categoryKey ?? '',
    c.categoryLabel,
    c.dateLabel,
    c.author,
    c.image ?? '',
    c.imageAlt,
  ]);
}

export function fromIndex(entries: IndexEntry[]): PostCard[] {
  return entries.map(([slug, title, excerpt, categoryKey, categoryLabel, dateLabel, author, image, imageAlt]) => ({
    slug,
    title,
    excerpt,
    categoryKey: categoryKey || null,
    categoryLabel,
    dateIso: '',
    dateLabel,
    author,
    image: image || null,
    imageAlt,
  }));
}

/** Posts matching a search (title, excerpt, author and category, case-insensitive) and a category key ('all' = any). */
export function filterPosts(posts: PostCard[], query: string, category: string): PostCard[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return posts.filter((p) => {
    if (category !== 'all' && p.categoryKey !== category) return false;
    const haystack = `${p.title} ${p.excerpt} ${p.author} ${p.categoryLabel}`.toLowerCase();
    return words.every((w) => haystack.includes(w));
  });
}
