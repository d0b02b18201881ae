/** The blog's fallback image for posts without a featured image (spec: a stock image). */
export const STOCK_IMAGE = '/images/blog/default.jpg';
