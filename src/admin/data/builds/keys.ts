/** Query keys of the build history (site_builds), generic to specific. */
export const buildKeys = {
  all: ['site_builds'] as const,
  latest: () => [...buildKeys.all, 'latest'] as const,
  recent: () => [...buildKeys.all, 'recent'] as const,
  /** The live build's SEO report and the previous one's (#29). */
  health: () => [...buildKeys.all, 'health'] as const,
};
