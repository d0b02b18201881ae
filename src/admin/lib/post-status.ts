/**
 * A blog post's state as staff see it (D12): a draft, published (live), or scheduled (published, with a
 * published_date still in the future: the build leaves it out until then, and the publisher rebuilds at that time).
 */
export type PostStatus = 'draft' | 'scheduled' | 'published';

export const POST_STATUS_LABEL: Record<PostStatus, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  published: 'Published',
};

export function postStatus(
  post: { is_published: boolean; published_date: string | null },
  now: Date = new Date(),
): PostStatus {
  if (!post.is_published) return 'draft';
  if (post.published_date && new Date(post.published_date).getTime() > now.getTime()) return 'scheduled';
  return 'published';
}
