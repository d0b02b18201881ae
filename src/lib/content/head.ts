import { SITE } from '../../config';
import { ROOMS, ROOM_AMENITIES } from '../../data/rooms';
import { routeByPath, staticRoutes } from '../../routes';
import { DEFAULT_SHARE_IMAGE, type PageSeo } from '../seo/page-seo';
import { parseSchemaMarkup, resolveSeo, type PageSeoSource, type PostSeoSource } from '../seo/resolve';
import { breadcrumbJsonLd, hotelJsonLd } from '../seo/jsonld';
import { summarize } from './reviews';
import { getHotelContact, getPages, getReviews, getSeoSettings, getStaticSeo } from './site';
import { socialImage } from '../images/storage-images';

/** Nightly prices of the rooms (monthly stays are not a nightly price). */
const nightlyPrices = () =>
  ROOMS.map((r) => /^\$(\d+)\/night/.exec(r.price)?.[1])
    .filter((p): p is string => Boolean(p))
    .map(Number);

/**
 * Breadcrumb names of parent paths (/blog/ of a post, /location/ of its directions): the titles of the routes
 * fixed in code (src/routes.ts). A stored page's route (the cafe) keeps the name made from its segment.
 */
const SECTION_NAMES: Record<string, string> = Object.fromEntries(
  staticRoutes.filter((r) => !r.storedPage).map((r) => [r.path, r.title]),
);

/**
 * The head of a page (D8, D9): the page's built-in defaults, overridden by a live post, else the route's
 * static_page_seo row, else a published pages row (slug 'home' for /); JSON-LD from the row, else generated.
 */
export async function resolveHead(
  defaults: PageSeo,
  site: URL,
  extra: { post?: PostSeoSource; page?: PageSeoSource; jsonLd?: object[] } = {},
): Promise<PageSeo> {
  const [settings, staticSeo, pages] = await Promise.all([getSeoSettings(), getStaticSeo(), getPages()]);
  const path = defaults.path;
  // A page in preview mode speaks only for its own address, never for a built-in page's.
  const pageRow =
    extra.page ??
    pages.find(
      (p) =>
        (path === '/' ? p.row.slug === 'home' : p.path === path) && !(p.preview && (path === '/' || routeByPath(path))),
    )?.row;

  let generated = extra.jsonLd;
  if (!generated && path === '/') {
    const [contact, reviews] = await Promise.all([getHotelContact(), getReviews()]);
    const summary = summarize(reviews);
    generated = [
      hotelJsonLd({
        name: contact.hotelName,
        description: settings?.site_description || SITE.description,
        url: new URL('/', site).href,
        phone: contact.phone,
        email: contact.email,
        address: contact.address,
        postalCode: SITE.postalCode,
        latitude: SITE.geo.latitude,
        longitude: SITE.geo.longitude,
        image: new URL(settings?.default_og_image || DEFAULT_SHARE_IMAGE.path, site).href,
        prices: nightlyPrices(),
        amenities: ROOM_AMENITIES.map((a) => a.title),
        rating: { average: Number(summary.average), count: summary.count },
      }),
    ];
  } else if (!generated && !defaults.noindex) {
    generated = [breadcrumbJsonLd(site.href, path, defaults.title.split(' | ')[0], SECTION_NAMES)];
  }

  const resolved = resolveSeo({
    path,
    defaults: {
      title: defaults.title,
      description: defaults.description,
      ogType: defaults.ogType,
      image: defaults.image,
      noindex: defaults.noindex,
    },
    post: extra.post,
    // A stored page built at a built-in page's route (D20) speaks with its own SEO fields.
    staticRow: extra.page ? undefined : staticSeo.get(path),
    pageRow,
    defaultImage: settings?.default_og_image,
    generatedJsonLd: generated,
  });
  const { source: _source, ...resolvedSeo } = resolved;
  // Share images the build can copy (uploads, the site's photos) become their 1200×630 JPEG social card (#28).
  const [card, twitterCard] = await Promise.all([
    socialImage(resolvedSeo.image, `${path} og:image`),
    socialImage(resolvedSeo.twitterImage, `${path} twitter:image`),
  ]);
  const seo = {
    ...resolvedSeo,
    ...(card ? { image: card.src, imageWidth: card.width, imageHeight: card.height } : {}),
    ...(twitterCard ? { twitterImage: twitterCard.src } : {}),
  };
  // The site-wide JSON-LD of the Global SEO settings (an Organization, a WebSite) joins every page's own.
  const siteWide = defaults.errorPage ? undefined : parseSchemaMarkup(settings?.default_schema_markup);
  return {
    ...seo,
    jsonLd: siteWide ? [...(seo.jsonLd ?? []), ...siteWide] : seo.jsonLd,
    noindex: seo.noindex || defaults.noindex,
    errorPage: defaults.errorPage,
  };
}
