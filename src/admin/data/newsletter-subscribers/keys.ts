/** Query keys of newsletter subscribers (D13). */
export const newsletterSubscriberKeys = {
  all: ['newsletter_subscribers'] as const,
  lists: () => [...newsletterSubscriberKeys.all, 'list'] as const,
  list: () => [...newsletterSubscriberKeys.lists(), { order: 'created_at desc' }] as const,
};
