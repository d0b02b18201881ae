/** Query keys of the staff's profiles (names for the Activity tab, #30). */
export const staffKeys = {
  all: ['profiles'] as const,
  lists: () => [...staffKeys.all, 'list'] as const,
  list: () => [...staffKeys.lists(), { order: 'username' }] as const,
};
