/** The post list: newest update first, each with its state (Draft, Scheduled, Published), Edit and Delete. */
import { format } from 'date-fns/format';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Confirm } from '../../components/Confirm';
import { formatHash } from '../../lib/hash-route';
import { formatNepalDateTime } from '../../../lib/blog/nepal-time';
import { POST_STATUS_LABEL, postStatus } from '../../lib/post-status';

const TONE = { draft: 'muted', scheduled: 'warning', published: 'success' } as const;

export interface PostRow {
  id: string;
  title: string;
  slug: string;
  is_published: boolean;
  published_date: string | null;
  updated_at: string;
  category: string | null;
  author_name: string | null;
}

export function PostList({
  posts,
  openId,
  onDelete,
}: {
  posts: PostRow[];
  openId?: string;
  onDelete: (post: PostRow) => void;
}) {
  return (
    <ul className="divide-y divide-stone-200">
      {posts.map((p) => {
        const status = postStatus(p);
        return (
          <li key={p.id} className="flex flex-wrap items-center gap-3 py-3" aria-current={p.id === openId || undefined}>
            <div className="min-w-0 flex-1 basis-full sm:basis-0">
              <p className="font-semibold">
                {p.title} <Badge variant={TONE[status]}>{POST_STATUS_LABEL[status]}</Badge>
              </p>
              <p className="text-sm text-stone-600">
                <span className="font-mono">/blog/{p.slug}/</span>
                {status === 'scheduled' && p.published_date && (
                  <> · Scheduled for {formatNepalDateTime(new Date(p.published_date))}</>
                )}
                {' · '}updated {format(new Date(p.updated_at), 'PPP p')}
              </p>
            </div>
            {status === 'published' && (
              <Button asChild variant="secondary" size="sm">
                <a href={`/blog/${p.slug}/`} target="_blank" rel="noreferrer" aria-label={`View ${p.title}`}>
                  View
                </a>
              </Button>
            )}
            <Button asChild variant="secondary" size="sm">
              <a href={formatHash({ tab: 'blog', item: p.id })} aria-label={`Edit ${p.title}`}>
                Edit
              </a>
            </Button>
            <Confirm
              title="Delete this blog post?"
              description={
                <>“{p.title}” will be deleted with its content blocks, sections and versions. This cannot be undone.</>
              }
              onConfirm={() => onDelete(p)}
              trigger={
                <Button variant="danger" size="sm" aria-label={`Delete ${p.title}`}>
                  Delete
                </Button>
              }
            />
          </li>
        );
      })}
    </ul>
  );
}
