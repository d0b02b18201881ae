/** Query keys of content versions, per page or post. */
export const versionKeys = {
  all: ['content_versions'] as const,
  of: (parent: { page_id: string } | { blog_post_id: string }) => [...versionKeys.all, parent] as const,
};
