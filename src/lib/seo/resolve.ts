import type { PageSeo } from './page-seo';

/**
 * The head of a page resolved in the spec's order (decision D8): a live blog post, else the static_page_seo
 * row of the route, else a published pages row (slug 'home' for /), else the page's built-in defaults.
 * JSON-LD (decision D9): the row's schema_markup when it parses, else what the caller generated.
 */

type Text = string | null | undefined;
type OgType = NonNullable<PageSeo['ogType']>;
type Card = NonNullable<PageSeo['twitterCard']>;

export interface SeoRowFields {
  canonical_url?: Text;
  og_title?: Text;
  og_description?: Text;
  og_type?: Text;
  twitter_card?: Text;
  twitter_title?: Text;
  twitter_description?: Text;
  twitter_image?: Text;
  schema_markup?: Text;
  seo_keywords?: Text;
  is_indexed?: boolean | null;
}

export interface PostSeoSource extends SeoRowFields {
  title: string;
  meta_title?: Text;
  meta_description?: Text;
  excerpt?: Text;
  featured_image?: Text;
  alt_text?: Text;
}

export interface StaticSeoSource extends SeoRowFields {
  seo_title?: Text;
  seo_description?: Text;
  og_image?: Text;
  alt_text?: Text;
}

export interface PageSeoSource extends StaticSeoSource {
  title: string;
  meta_title?: Text;
  meta_description?: Text;
  featured_image?: Text;
}

export interface ResolveInput {
  path: string;
  /** The built-in title and description of the page (used when no row says otherwise). */
  defaults: { title: string; description: string; ogType?: OgType; image?: string; noindex?: boolean };
  post?: PostSeoSource | null;
  staticRow?: StaticSeoSource | null;
  pageRow?: PageSeoSource | null;
  /** Site-wide default share image (seo_settings.default_og_image). */
  defaultImage?: Text;
  /** JSON-LD to use when the row has none that parses. */
  generatedJsonLd?: object[];
}

const pick = (...values: Text[]) => values.map((v) => v?.trim()).find((v) => v) || undefined;
const ogTypeOf = (v: Text, fallback: OgType): OgType =>
  v === 'website' || v === 'article' || v === 'business.business' ? v : fallback;
const cardOf = (v: Text): Card => (v === 'summary' ? 'summary' : 'summary_large_image');

/** Parses schema_markup: a JSON object or array of objects (JSON-LD), else undefined. */
export function parseSchemaMarkup(markup: Text): object[] | undefined {
  if (!markup?.trim()) return undefined;
  try {
    const value = JSON.parse(markup);
    const list = Array.isArray(value) ? value : [value];
    return list.length && list.every((v) => v && typeof v === 'object' && !Array.isArray(v)) ? list : undefined;
  } catch {
    return undefined;
  }
}

function common(row: SeoRowFields, fallbackType: OgType) {
  return {
    keywords: pick(row.seo_keywords),
    canonicalUrl: pick(row.canonical_url),
    ogTitle: pick(row.og_title),
    ogDescription: pick(row.og_description),
    ogType: ogTypeOf(row.og_type, fallbackType),
    twitterCard: cardOf(row.twitter_card),
    twitterTitle: pick(row.twitter_title),
    twitterDescription: pick(row.twitter_description),
    twitterImage: pick(row.twitter_image),
    noindex: row.is_indexed === false,
  };
}

export function resolveSeo(input: ResolveInput): PageSeo & { source: 'post' | 'static' | 'page' | 'default' } {
  const { path, defaults, post, staticRow, pageRow } = input;
  const fallbackImage = defaults.image ?? pick(input.defaultImage);
  if (post) {
    return {
      source: 'post',
      path,
      title: pick(post.meta_title, post.title)!,
      description: pick(post.meta_description, post.excerpt, defaults.description)!,
      ...common(post, 'article'),
      image: pick(post.featured_image) ?? fallbackImage,
      imageAlt: pick(post.alt_text, post.title),
      jsonLd: parseSchemaMarkup(post.schema_markup) ?? input.generatedJsonLd,
    };
  }
  if (staticRow) {
    return {
      source: 'static',
      path,
      title: pick(staticRow.seo_title, defaults.title)!,
      description: pick(staticRow.seo_description, defaults.description)!,
      ...common(staticRow, defaults.ogType ?? 'website'),
      noindex: staticRow.is_indexed === false || Boolean(defaults.noindex),
      image: pick(staticRow.og_image) ?? fallbackImage,
      imageAlt: pick(staticRow.alt_text),
      jsonLd: parseSchemaMarkup(staticRow.schema_markup) ?? input.generatedJsonLd,
    };
  }
  if (pageRow) {
    return {
      source: 'page',
      path,
      title: pick(pageRow.seo_title, pageRow.meta_title, pageRow.title)!,
      description: pick(pageRow.seo_description, pageRow.meta_description, defaults.description)!,
      ...common(pageRow, defaults.ogType ?? 'website'),
      image: pick(pageRow.og_image, pageRow.featured_image) ?? fallbackImage,
      imageAlt: pick(pageRow.alt_text),
      jsonLd: parseSchemaMarkup(pageRow.schema_markup) ?? input.generatedJsonLd,
    };
  }
  return {
    source: 'default',
    path,
    title: defaults.title,
    description: defaults.description,
    ogType: defaults.ogType ?? 'website',
    noindex: Boolean(defaults.noindex),
    image: fallbackImage,
    jsonLd: input.generatedJsonLd,
  };
}

/** Favicon link type by URL (spec): png when the URL contains .png, else x-icon. */
export function faviconType(url: string): 'image/png' | 'image/x-icon' {
  return url.toLowerCase().includes('.png') ? 'image/png' : 'image/x-icon';
}
