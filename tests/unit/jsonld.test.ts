import { describe, expect, it } from 'vitest';
import { blogPostingJsonLd, breadcrumbJsonLd, hotelJsonLd } from '../../src/lib/seo/jsonld';

describe('generated JSON-LD', () => {
  const facts = {
    name: 'Boudha Mandala Hotel',
    description: 'd',
    url: 'https://hotel.example/',
    phone: '+977 1 4000 000',
    email: 'stay@hotel.example',
    address: 'Boudha Stupa Circle, Boudha, Kathmandu 44600, Nepal',
    postalCode: '44600',
    latitude: 27.7211,
    longitude: 85.3611,
    image: 'https://hotel.example/og.jpg',
    prices: [35, 35, 40, 38, 42, 55, 70],
  };

  it('describes the hotel with postal code 44600, its geo point, price range and rating', () => {
    const ld = hotelJsonLd({ ...facts, rating: { average: 4.8, count: 12 } }) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON-LD is free-form;
    expect(ld['@type']).toBe('Hotel');
    expect(ld.address.postalCode).toBe('44600');
    expect(ld.geo).toEqual({ '@type': 'GeoCoordinates', latitude: 27.7211, longitude: 85.3611 });
    expect(ld.priceRange).toBe('$35-$70 per night');
    expect(ld.aggregateRating).toMatchObject({ ratingValue: 4.8, reviewCount: 12 });
  });

  it('lists what every stay includes as amenity features', () => {
    const ld = hotelJsonLd({ ...facts, amenities: ['Free Wi-Fi', 'Complimentary Laundry'] }) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON-LD is free-form;
    expect(ld.amenityFeature).toEqual([
      { '@type': 'LocationFeatureSpecification', name: 'Free Wi-Fi', value: true },
      { '@type': 'LocationFeatureSpecification', name: 'Complimentary Laundry', value: true },
    ]);
    expect(hotelJsonLd(facts)).not.toHaveProperty('amenityFeature');
  });

  it('leaves the rating out when there are no reviews', () => {
    expect(hotelJsonLd({ ...facts, rating: { average: 0, count: 0 } })).not.toHaveProperty('aggregateRating');
  });

  it('makes a BlogPosting', () => {
    const ld = blogPostingJsonLd({
      title: 'T',
      description: 'D',
      url: 'https://h.example/blog/t/',
      image: 'https://h.example/i.jpg',
      datePublished: '2026-01-01',
      dateModified: '2026-01-02',
      author: 'Pema',
      authorUrl: 'https://h.example/about/',
      publisher: 'H',
    }) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON-LD is free-form;
    expect(ld).toMatchObject({
      '@type': 'BlogPosting',
      headline: 'T',
      author: { name: 'Pema', url: 'https://h.example/about/' },
    });
  });

  it('makes breadcrumbs from the path', () => {
    const ld = breadcrumbJsonLd('https://h.example', '/blog/kora-at-dawn/', 'Kora at Dawn', {
      '/blog/': 'Blog',
    }) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON-LD is free-form;
    expect(ld.itemListElement.map((i: { name: string; item: string }) => [i.name, i.item])).toEqual([
      ['Home', 'https://h.example/'],
      ['Blog', 'https://h.example/blog/'],
      ['Kora at Dawn', 'https://h.example/blog/kora-at-dawn/'],
    ]);
  });
});
