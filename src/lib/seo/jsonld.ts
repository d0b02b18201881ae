/** Generated JSON-LD (decision D9) for pages whose row has no schema_markup of its own. */

export interface HotelFacts {
  name: string;
  description: string;
  url: string;
  phone: string;
  email: string;
  address: string;
  postalCode: string;
  latitude: number;
  longitude: number;
  image: string;
  /** Nightly prices in USD, from the room list. */
  prices: number[];
  rating?: { average: number; count: number };
  /** What every stay includes (the room amenities of /accommodation/), as LocationFeatureSpecification. */
  amenities?: readonly string[];
}

export function hotelJsonLd(h: HotelFacts): object {
  const min = Math.min(...h.prices);
  const max = Math.max(...h.prices);
  return {
    '@context': 'https://schema.org',
    '@type': 'Hotel',
    name: h.name,
    description: h.description,
    url: h.url,
    image: h.image,
    telephone: h.phone,
    email: h.email,
    priceRange: `$${min}-$${max} per night`,
    address: {
      '@type': 'PostalAddress',
      streetAddress: h.address.split(',')[0],
      addressLocality: 'Kathmandu',
      postalCode: h.postalCode,
      addressCountry: 'NP',
    },
    geo: { '@type': 'GeoCoordinates', latitude: h.latitude, longitude: h.longitude },
    ...(h.amenities?.length
      ? {
          amenityFeature: h.amenities.map((name) => ({ '@type': 'LocationFeatureSpecification', name, value: true })),
        }
      : {}),
    ...(h.rating && h.rating.count > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: h.rating.average,
            reviewCount: h.rating.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}

export function blogPostingJsonLd(p: {
  title: string;
  description: string;
  url: string;
  image: string;
  datePublished: string;
  dateModified: string;
  author: string;
  /** A page about the author; the hotel's About page, since posts are written by its staff. */
  authorUrl: string;
  publisher: string;
}): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: p.title,
    description: p.description,
    mainEntityOfPage: p.url,
    url: p.url,
    image: p.image,
    datePublished: p.datePublished,
    dateModified: p.dateModified,
    author: { '@type': 'Person', name: p.author, url: p.authorUrl },
    publisher: { '@type': 'Organization', name: p.publisher },
  };
}

/** Home › … › this page, from the path's segments and this page's title. */
export function breadcrumbJsonLd(
  site: string,
  path: string,
  title: string,
  names: Record<string, string> = {},
): object {
  const segments = path.split('/').filter(Boolean);
  const items = [{ name: 'Home', url: new URL('/', site).href }];
  segments.forEach((seg, i) => {
    const sub = `/${segments.slice(0, i + 1).join('/')}/`;
    const last = i === segments.length - 1;
    items.push({
      name: last ? title : (names[sub] ?? seg.replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase())),
      url: new URL(sub, site).href,
    });
  });
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((it, i) => ({ '@type': 'ListItem', position: i + 1, name: it.name, item: it.url })),
  };
}
