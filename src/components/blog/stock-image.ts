/** The blog's fallback image for posts without a featured image (spec: a stock image). */
export const STOCK_IMAGE = '/images/blog/default.jpg';

/**
 * The widths a card's image is shown at, for the srcset of an uploaded image (D21): the blog grid's columns
 * (three from lg, two from sm, gap-8) inside container-page (max-w-6xl, px-4 / sm:px-6).
 */
export const CARD_SIZES =
  '(min-width: 1152px) 347px, (min-width: 1024px) calc((100vw - 7rem) / 3), (min-width: 640px) calc((100vw - 5rem) / 2), calc(100vw - 2rem)';
