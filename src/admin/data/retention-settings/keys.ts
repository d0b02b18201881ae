/** Query keys of the guest-data retention setting (one row, #30). */
export const retentionSettingsKeys = {
  all: ['retention_settings'] as const,
  details: () => [...retentionSettingsKeys.all, 'detail'] as const,
  detail: () => [...retentionSettingsKeys.details(), 'the-hotel'] as const,
};
