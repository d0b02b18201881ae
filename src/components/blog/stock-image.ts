/** The blog's fallback image for posts without a featured image (spec: a stock image). */
export const STOCK_IMAGE = '/images/blog/default.jpg';

/** The widths a card's image is shown at, for the srcset of an uploaded image (D21). */
export const CARD_SIZES = '(min-width: 1280px) 400px, (min-width: 768px) 50vw, 100vw';
