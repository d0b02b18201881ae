/** Query keys of categories, generic to specific. */
export const categoryKeys = {
  all: ['categories'] as const,
  lists: () => [...categoryKeys.all, 'list'] as const,
  list: () => [...categoryKeys.lists(), { order: 'name' }] as const,
};
