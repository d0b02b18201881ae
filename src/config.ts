/** Site constants. Everything a guest sees that is fixed in the spec lives here or in the page that shows it. */

export const SITE = {
  /** Used until contact_details is read (and if it is empty): decision D16. */
  name: 'Boudha Mandala Hotel',
  description:
    'A boutique hotel a ten-second walk from Boudhanath Stupa in Kathmandu: stupa-view rooms, private kitchens, a cafe with Western brunch and a warm welcome.',
  locale: 'en',
  postalCode: '44600',
  /** Map coordinates of the hotel: 27.7211 N, 85.3611 E. */
  geo: { latitude: 27.7211, longitude: 85.3611 },
  mapsUrl: 'https://www.google.com/maps/search/?api=1&query=27.7211%2C85.3611',
  replyWithinHours: 24,
} as const;

/** Defaults of contact_details (D16): reserved example domains, easy to spot and replace in the admin. */
export const CONTACT_DEFAULTS = {
  hotelName: SITE.name,
  phone: '+977 1 4000 000',
  email: 'stay@boudhamandala.example',
  address: 'Boudha Stupa Circle, Boudha, Kathmandu 44600, Nepal',
  bookingUrl: 'https://booking.boudhamandala.example/property/boudha-mandala-hotel',
} as const;

export const NAV_LINKS = [
  { href: '/', label: 'Home' },
  { href: '/accommodation/', label: 'Accommodation' },
  { href: '/experience/', label: 'Experience' },
  { href: '/blog/', label: 'Blog' },
  { href: '/about/', label: 'About' },
  { href: '/contact/', label: 'Contact' },
] as const;

export const FOOTER_QUICK_LINKS = [
  { href: '/accommodation/', label: 'Accommodation' },
  { href: '/gallery/', label: 'Gallery' },
  { href: '/blog/', label: 'Blog' },
  { href: '/about/', label: 'About Us' },
] as const;

export const FOOTER_OTHER_LINKS = [
  { href: '/location/', label: 'Location' },
  { href: '/contact/', label: 'Contact' },
] as const;

export const LEGAL_LINKS = [
  { href: '/privacy/', label: 'Privacy Policy' },
  { href: '/terms/', label: 'Terms of Service' },
] as const;

/** Scroll reveal: threshold 0.1, 100 ms stagger between cards, 50-100 ms per item. */
export const REVEAL = { threshold: 0.1, staggerMs: 100, itemDelayMs: 75, maxStaggerSteps: 5 } as const;
