import { markdownToText } from '../markdown/render';
import { formatNepalDate } from './nepal-time';

/** The fallbacks and formats the blog spec gives for a post's card and page. */

export const EXCERPT_LENGTH = 150;
export const UNCATEGORIZED = 'Uncategorized';
export const ANONYMOUS = 'Anonymous';
export const DEFAULT_ROLE = 'Writer';

/** The excerpt, else the first 150 characters of the content plus '...'. */
export function excerptOf(post: { excerpt?: string | null; content?: string | null }): string {
  const excerpt = post.excerpt?.trim();
  if (excerpt) return excerpt;
  // Only the opening of the content can reach the excerpt: parse that much, not the whole post.
  return `${markdownToText((post.content ?? '').slice(0, EXCERPT_LENGTH * 4)).slice(0, EXCERPT_LENGTH)}...`;
}

/** The date a post shows: published_date, else created_at. */
export function postDate(post: { published_date?: string | null; created_at: string }): string {
  return post.published_date || post.created_at;
}

/**
 * 'MMMM dd, yyyy' (e.g. 'March 05, 2026'), in Nepal time: the hotel's readers and its staff think in it, and a
 * build server in another zone must not move a post to the day before.
 */
export function formatPostDate(iso: string): string {
  return formatNepalDate(new Date(iso));
}

export const authorName = (name?: string | null) => name?.trim() || ANONYMOUS;
export const authorRole = (role?: string | null) => role?.trim() || DEFAULT_ROLE;
