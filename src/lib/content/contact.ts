import { CONTACT_DEFAULTS } from '../../config';
import { readFailed, type BuildClient } from './client';

/** The hotel's identity and contact details as the pages show them. */
export interface HotelContact {
  hotelName: string;
  phone: string;
  /** tel: URL of the phone number (digits and a leading +). */
  phoneHref: string;
  /** The number as link text: spaces non-breaking, so it never wraps in the middle. */
  phoneDisplay: string;
  email: string;
  address: string;
  bookingUrl: string;
}

/** tel: link of a human-written phone number. */
export function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '');
  return `tel:${digits.startsWith('+') ? '+' + digits.slice(1).replace(/\+/g, '') : digits.replace(/\+/g, '')}`;
}

/** Shapes a contact_details row (or its absence: the D16 defaults) for the pages. */
export function toHotelContact(row: Partial<Record<keyof typeof CONTACT_KEYS, string | null>> | null): HotelContact {
  const pick = (key: keyof typeof CONTACT_KEYS) => row?.[key]?.trim() || CONTACT_DEFAULTS[CONTACT_KEYS[key]];
  const phone = pick('phone');
  return {
    hotelName: pick('hotel_name'),
    phone,
    phoneHref: telHref(phone),
    phoneDisplay: phone.replace(/ /g, '\u00a0'),
    email: pick('email'),
    address: pick('address'),
    bookingUrl: pick('booking_url'),
  };
}

const CONTACT_KEYS = {
  hotel_name: 'hotelName',
  phone: 'phone',
  email: 'email',
  address: 'address',
  booking_url: 'bookingUrl',
} as const;

/** Reads the single contact_details row (one request per build). */
export async function fetchHotelContact(client: BuildClient): Promise<HotelContact> {
  const { data, error } = await client
    .from('contact_details')
    .select('hotel_name, phone, email, address, booking_url')
    .limit(1)
    .maybeSingle();
  if (error) readFailed('contact_details', error);
  return toHotelContact(data);
}
