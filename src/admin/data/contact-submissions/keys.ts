/** Query keys of contact-form messages, generic to specific. */
export const contactSubmissionKeys = {
  all: ['contact_submissions'] as const,
  lists: () => [...contactSubmissionKeys.all, 'list'] as const,
  list: () => [...contactSubmissionKeys.lists(), { order: 'created_at desc' }] as const,
  counts: () => [...contactSubmissionKeys.all, 'count'] as const,
  unreadCount: () => [...contactSubmissionKeys.counts(), { status: 'unread' }] as const,
};
