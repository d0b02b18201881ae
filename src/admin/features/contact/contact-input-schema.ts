/**
 * The contact details form's schema: every field is needed on the site (D16). The database checks again
 * (email shape, booking URL), and the D18 conflict check is the save's.
 */
import { z } from 'zod';
import { CONTACT_DEFAULTS } from '../../../config';

export const contactInputSchema = z.object({
  hotel_name: z.string().trim().min(1, 'Hotel name is required'),
  phone: z.string().trim().min(1, 'Phone is required'),
  email: z.string().trim().email('Please enter a valid email address'),
  booking_url: z.string().trim().url('Please enter a valid booking URL (https://…)'),
  address: z.string().trim().min(1, 'Address is required'),
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
