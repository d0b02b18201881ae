// @ts-check
/**
 * What the guest forms and the guest-message functions (D22) must agree on, and nothing else: the D18 bounds, the
 * texts a guest is told per error code or invalid field, and the id prefix of the notices a page renders after a
 * plain form post. Pure data with no import, so that the functions (./guest-messages.js) and the public islands
 * (src/islands/shared/guest-form.ts) read one copy.
 */

/** The bounds of decision D18, which the database's check constraints also hold. */
export const BOUNDS = /** @type {const} */ ({ name: 100, email: 254, phone: 40, subject: 200, message: 5000 });

/**
 * What a guest is told, per function: `sent`, and per error code or invalid field. The public pages show the
 * same texts after a form posted without JavaScript comes back with an error.
 */
export const GUEST_MESSAGES = /** @type {const} */ ({
  contact: {
    sent: 'Thank you! Your message has been sent.',
    failed: 'Failed to submit your message. Please try again.',
    rate_limited:
      'You have sent several messages in a short time. Please wait a few minutes and try again, or call us.',
    bad_request: 'Send one message at a time, with the fields of the contact form.',
    first_name: 'Please enter your first name (up to 100 characters).',
    last_name: 'Please enter your last name (up to 100 characters).',
    email: 'Please enter a valid email address, without spaces, ? or &.',
    phone: 'Please shorten the phone number to 40 characters.',
    subject: 'Please enter a subject (up to 200 characters).',
    message: 'Please enter a message (up to 5,000 characters).',
  },
  subscribe: {
    sent: 'Thank you for subscribing!',
    failed: 'Failed to subscribe. Please try again.',
    rate_limited: 'Too many sign-ups from here in a short time. Please try again in a few minutes.',
    bad_request: 'Send one email address at a time.',
    email: 'Please enter a valid email address, without spaces, ? or &.',
  },
});

/** The id prefix of the notices the forms render for a redirect's error (`#contact-error-email`). */
export const NOTICE_PREFIX = /** @type {const} */ ({ contact: 'contact-error-', subscribe: 'newsletter-error-' });
