import { format } from 'date-fns/format';
import type { BuildClient } from './client';
import { readAll } from './read-all';

export { GOOGLE } from '../reviews/platform';
import { isGoogle } from '../reviews/platform';

export interface Review {
  id: string;
  name: string;
  rating: number;
  text: string;
  dateIso: string;
  /** Long US date, e.g. 'March 5, 2026'. */
  dateLabel: string;
  platform: 'google' | 'site';
  featured: boolean;
}

export interface ReviewSummary {
  /** Average to one decimal, '0.0' when there are none. */
  average: string;
  count: number;
  google: number;
  site: number;
}

/** Shapes a displayed review row. Anything not Google is the hotel's own site (D15). */
export function toReview(row: {
  id: string;
  reviewer_name: string;
  rating: number;
  review_text: string;
  review_date: string;
  platform_source: string;
  is_featured: boolean;
}): Review {
  const [y, m, d] = row.review_date.split('-').map(Number);
  return {
    id: row.id,
    name: row.reviewer_name,
    rating: Math.min(5, Math.max(1, Math.round(row.rating))),
    text: row.review_text,
    dateIso: row.review_date,
    dateLabel: format(new Date(y, m - 1, d), 'MMMM d, yyyy'),
    platform: isGoogle(row.platform_source) ? 'google' : 'site',
    featured: row.is_featured,
  };
}

export function summarize(reviews: Review[]): ReviewSummary {
  const total = reviews.reduce((n, r) => n + r.rating, 0);
  return {
    average: reviews.length ? (Math.round((total / reviews.length) * 10) / 10).toFixed(1) : '0.0',
    count: reviews.length,
    google: reviews.filter((r) => r.platform === 'google').length,
    site: reviews.filter((r) => r.platform === 'site').length,
  };
}

/** Displayed reviews, featured first, then newest (RLS hides the rest from the anon key). */
export async function fetchReviews(client: BuildClient): Promise<Review[]> {
  const rows = await readAll('reviews', (from, to) =>
    client
      .from('reviews')
      .select('id, reviewer_name, rating, review_text, review_date, platform_source, is_featured')
      .eq('is_displayed', true)
      .order('is_featured', { ascending: false })
      .order('review_date', { ascending: false })
      .order('id', { ascending: true })
      .range(from, to),
  );
  return rows.map(toReview);
}
