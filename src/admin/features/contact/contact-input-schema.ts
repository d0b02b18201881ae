/**
 * The contact details form's schema: every field is needed on the site (D16). The database checks again
 * (email shape, booking URL), and the D18 conflict check is the save's.
 */
import * as z from '../../lib/zod';
import { CONTACT_DEFAULTS } from '../../../config';

const required = (message: string) => z.string().check(z.trim(), z.minLength(1, message));

export const contactInputSchema = z.object({
  hotel_name: required('Hotel name is required'),
  phone: required('Phone is required'),
  email: z.pipe(z.string().check(z.trim()), z.email('Please enter a valid email address')),
  booking_url: z.pipe(
    z.string().check(z.trim()),
    z.url({ protocol: /^https?$/, message: 'Please enter a valid booking URL (https://…)' }),
  ),
  address: required('Address is required'),
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
