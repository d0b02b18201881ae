/** The head of a page as resolved for rendering (decision D8): everything a search engine or a share reads. */
export interface PageSeo {
  title: string;
  description: string;
  /** Canonical path with trailing slash, e.g. /about/ (made absolute from SITE_URL). */
  path: string;
  /** An absolute canonical URL that overrides `path` (from the database's canonical_url). */
  canonicalUrl?: string;
  keywords?: string;
  noindex?: boolean;
  /** An error page (404, 500): served at any URL, so it names no canonical URL and no og:url. */
  errorPage?: boolean;
  ogType?: 'website' | 'article' | 'business.business';
  ogTitle?: string;
  ogDescription?: string;
  /** Share image: absolute URL or a path under the site. Defaults to the 1200x630 default image. */
  image?: string;
  /** The share image's size, when the build made it (its social card copy). */
  imageWidth?: number;
  imageHeight?: number;
  imageAlt?: string;
  twitterCard?: 'summary_large_image' | 'summary';
  twitterTitle?: string;
  twitterDescription?: string;
  twitterImage?: string;
  /** JSON-LD objects, each rendered in its own script tag. */
  jsonLd?: object[];
}

/**
 * The robots meta of a page, or undefined for an indexable one: `noindex` for a row with `is_indexed = false`
 * (D8), a draft built in preview mode (read as not indexed) and the built-in noindex pages. Not `nofollow`: the
 * page's links are still followed, so what it links to keeps its standing (#31). The admin's own pages say
 * `noindex, nofollow` (AdminLayout.astro).
 */
export function robotsContent(seo: Pick<PageSeo, 'noindex'>): string | undefined {
  return seo.noindex ? 'noindex' : undefined;
}

export const DEFAULT_SHARE_IMAGE = { path: '/images/og-default.jpg', width: 1200, height: 630 } as const;

/** An absolute URL for a path or URL, against the site's origin. */
export function absoluteUrl(pathOrUrl: string, site: URL | string): string {
  return new URL(pathOrUrl, site).href;
}

/**
 * Serialises JSON-LD for a script tag: `<` is escaped so that no string inside can close the script element.
 */
export function jsonLdScript(data: object): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
