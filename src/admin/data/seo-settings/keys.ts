/** Query keys of the site-wide SEO settings (one row). */
export const seoSettingsKeys = {
  all: ['seo_settings'] as const,
  details: () => [...seoSettingsKeys.all, 'detail'] as const,
  detail: () => [...seoSettingsKeys.details(), 'the-site'] as const,
  /** Only the favicon of the row (the Favicon sub-tab's read). */
  favicon: () => [...seoSettingsKeys.details(), 'favicon'] as const,
};
