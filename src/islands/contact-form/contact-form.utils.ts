/** Constants of the contact form: its fields (the table's columns, as the `contact` function reads them) and bounds. */

export const FIELDS = ['first_name', 'last_name', 'email', 'phone', 'subject', 'message'] as const;
export type ContactField = (typeof FIELDS)[number];

/** The database bounds of decision D18, mirrored as input maxlength so nobody types past them. */
export const LIMITS = { name: 100, email: 254, phone: 40, subject: 200, message: 5000 } as const;

export const SUBMIT_ERROR = 'Failed to submit your message. Please try again.';
