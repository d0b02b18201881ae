/** Constants of the contact form: its fields (the table's columns, as the `contact` function reads them) and bounds. */
import { BOUNDS, GUEST_MESSAGES } from '../../../supabase/functions/_shared/guest-texts.js';

export const FIELDS = ['first_name', 'last_name', 'email', 'phone', 'subject', 'message'] as const;
export type ContactField = (typeof FIELDS)[number];

/** The database bounds of decision D18 (the function checks the same), as input maxlength so nobody types past them. */
export const LIMITS = BOUNDS;

export const SUBMIT_ERROR = GUEST_MESSAGES.contact.failed;
