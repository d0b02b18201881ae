/**
 * The review form's schema (spec §5): name, date and text required; rating 1-5; the name and text within the
 * database's bounds, saying so (#31); the database checks again.
 */
import * as z from '../../lib/zod';
import { MESSAGES } from '../../lib/validation';
import { tooLong } from '../../lib/field-schemas';

const required = (max: number, label: string) =>
  z.string().check(z.trim(), z.minLength(1, MESSAGES.reviewRequired), z.maxLength(max, tooLong(label, max)));

export const reviewInputSchema = z.object({
  reviewer_name: required(100, 'Reviewer name'),
  review_date: z.string().check(z.minLength(1, MESSAGES.reviewRequired)),
  review_text: required(5000, 'Review text'),
  rating: z.int().check(z.minimum(1), z.maximum(5)),
  platform_source: z.string().check(z.minLength(1)),
  is_displayed: z.boolean(),
  is_featured: z.boolean(),
});

export type ReviewInput = z.infer<typeof reviewInputSchema>;

const today = () => new Date().toISOString().slice(0, 10);

/** A new review's values: today, five stars, Google My Business, displayed (spec §9). */
export const blankReview = (): ReviewInput => ({
  reviewer_name: '',
  review_date: today(),
  review_text: '',
  rating: 5,
  platform_source: 'Google My Business',
  is_displayed: true,
  is_featured: false,
});

/** The form's values for an existing review. */
export const reviewValues = (r: ReviewInput): ReviewInput => ({
  reviewer_name: r.reviewer_name,
  review_date: r.review_date,
  review_text: r.review_text,
  rating: r.rating,
  platform_source: r.platform_source,
  is_displayed: r.is_displayed,
  is_featured: r.is_featured,
});
