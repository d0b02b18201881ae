/**
 * The Page SEO schema templates (spec: Organization, Hotel with star rating 4, WebPage): JSON-LD built from the
 * hotel's contact details, the site's address and the route, as text for schema_markup. Pure, unit-tested.
 */
import { SITE } from '../../../config';

export const SCHEMA_TEMPLATES = ['Organization', 'Hotel', 'WebPage'] as const;
export type SchemaTemplate = (typeof SCHEMA_TEMPLATES)[number];

export interface TemplateFacts {
  hotelName: string;
  phone: string;
  email: string;
  address: string;
  /** The site's origin, e.g. https://boudhamandala.example */
  origin: string;
  /** The route, e.g. /about/ */
  route: string;
  /** The page's title and description as the form holds them (may be empty). */
  title: string;
  description: string;
  image?: string;
}

const postalAddress = (address: string) => ({
  '@type': 'PostalAddress',
  streetAddress: address.split(',')[0].trim(),
  addressLocality: 'Kathmandu',
  postalCode: SITE.postalCode,
  addressCountry: 'NP',
});

export function schemaTemplate(kind: SchemaTemplate, f: TemplateFacts): string {
  const site = new URL('/', f.origin).href;
  const url = new URL(f.route, f.origin).href;
  const image = f.image ? new URL(f.image, f.origin).href : undefined;
  const data =
    kind === 'Organization'
      ? {
          '@context': 'https://schema.org',
          '@type': 'Organization',
          name: f.hotelName,
          url: site,
          logo: new URL('/icon-512.png', f.origin).href,
          email: f.email,
          telephone: f.phone,
          address: postalAddress(f.address),
          contactPoint: { '@type': 'ContactPoint', contactType: 'reservations', telephone: f.phone, email: f.email },
        }
      : kind === 'Hotel'
        ? {
            '@context': 'https://schema.org',
            '@type': 'Hotel',
            name: f.hotelName,
            description: f.description || SITE.description,
            url: site,
            ...(image ? { image } : {}),
            telephone: f.phone,
            email: f.email,
            address: postalAddress(f.address),
            geo: { '@type': 'GeoCoordinates', latitude: SITE.geo.latitude, longitude: SITE.geo.longitude },
            starRating: { '@type': 'Rating', ratingValue: '4' },
          }
        : {
            '@context': 'https://schema.org',
            '@type': 'WebPage',
            name: f.title || f.hotelName,
            ...(f.description ? { description: f.description } : {}),
            url,
            ...(image ? { primaryImageOfPage: { '@type': 'ImageObject', url: image } } : {}),
            isPartOf: { '@type': 'WebSite', name: f.hotelName, url: site },
          };
  return JSON.stringify(data, null, 2);
}
