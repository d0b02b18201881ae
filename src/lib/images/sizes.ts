/** The `sizes` of the site's images: pure strings, shared by the build and the admin's previews. */

/**
 * The width an article image is shown at: the post and page column (max-w-3xl less its padding), the viewport
 * less the padding below it (src/styles/global.css, container-page).
 */
export const ARTICLE_SIZES = '(min-width: 768px) 720px, (min-width: 640px) calc(100vw - 3rem), calc(100vw - 2rem)';
/** An author's photo beside the byline. */
export const AVATAR_SIZES = '48px';
/** A picture beside text in a section (#31): half the page from 1024 px, the column below. */
export const SECTION_IMAGE_SIZES =
  '(min-width: 1152px) 544px, (min-width: 1024px) calc(50vw - 56px), calc(100vw - 32px)';
