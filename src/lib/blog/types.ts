/** The blog's view models, shared by build-time pages and the browser island. */

export interface CategoryOption {
  /** The filter key: the category's slug, else its name lower-cased. */
  key: string;
  label: string;
}

export interface PostCard {
  slug: string;
  title: string;
  excerpt: string;
  categoryKey: string | null;
  categoryLabel: string;
  dateIso: string;
  dateLabel: string;
  author: string;
  image: string | null;
  /** When the image is an upload: its optimised widths (D21); `image` is then the optimised copy too. */
  imageSrcset?: string;
  imageAlt: string;
}
