/**
 * The contact details form's schema: every field is needed on the site (D16), within the database's bounds, saying
 * so (#31). The database checks again (email shape, booking URL), and the D18 conflict check is the save's.
 */
import * as z from '../../lib/zod';
import { CONTACT_DEFAULTS } from '../../../config';
import { tooLong } from '../../lib/field-schemas';

const required = (message: string, max: number, label: string) =>
  z.string().check(z.trim(), z.minLength(1, message), z.maxLength(max, tooLong(label, max)));

export const contactInputSchema = z.object({
  hotel_name: required('Hotel name is required', 200, 'Hotel name'),
  phone: required('Phone is required', 40, 'Phone'),
  email: z.pipe(
    z.string().check(z.trim(), z.maxLength(254, tooLong('Email', 254))),
    z.email('Please enter a valid email address'),
  ),
  booking_url: z.pipe(
    z.string().check(z.trim(), z.maxLength(2000, tooLong('Booking URL', 2000))),
    z.url({ protocol: /^https?$/, message: 'Please enter a valid booking URL (https://…)' }),
  ),
  address: required('Address is required', 500, 'Address'),
});

export type ContactInput = z.infer<typeof contactInputSchema>;

/** The hotel's defaults (D16), prefilled before the first save. */
export const contactDefaults: ContactInput = {
  hotel_name: CONTACT_DEFAULTS.hotelName,
  phone: CONTACT_DEFAULTS.phone,
  email: CONTACT_DEFAULTS.email,
  booking_url: CONTACT_DEFAULTS.bookingUrl,
  address: CONTACT_DEFAULTS.address,
};
