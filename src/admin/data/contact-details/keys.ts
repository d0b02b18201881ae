/** Query keys of the hotel's contact details (one row). */
export const contactDetailsKeys = {
  all: ['contact_details'] as const,
  details: () => [...contactDetailsKeys.all, 'detail'] as const,
  detail: () => [...contactDetailsKeys.details(), 'the-hotel'] as const,
};
