/** Query keys of reviews, generic to specific. */
export const reviewKeys = {
  all: ['reviews'] as const,
  lists: () => [...reviewKeys.all, 'list'] as const,
  list: () => [...reviewKeys.lists(), { order: 'review_date desc' }] as const,
};
