/** One review in the list: its text, badges and actions. */
import type { Tables } from '../../lib/supabase';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Confirm } from '../../components/Confirm';
import { useSite } from '../../lib/site';
import { platformLabel } from '../../../lib/reviews/platform';

type Review = Tables<'reviews'>;

export function ReviewItem({
  review: r,
  busy,
  onToggle,
  onEdit,
  onDelete,
}: {
  review: Review;
  busy: boolean;
  onToggle: (patch: Pick<Review, 'is_displayed'> | Pick<Review, 'is_featured'>) => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const site = useSite();
  return (
    <li className={`py-3 ${r.is_displayed ? '' : 'bg-stone-100 text-stone-600'}`}>
      <div className="flex flex-wrap items-center gap-2">
        <strong>{r.reviewer_name}</strong>
        <span aria-label={`${r.rating} out of 5 stars`}>{'★'.repeat(r.rating)}</span>
        <span className="text-sm text-stone-600">
          {r.review_date} · {platformLabel(r.platform_source, site.host)}
        </span>
        {r.is_featured && (
          <Badge variant="warning" className="font-normal">
            Featured
          </Badge>
        )}
        {!r.is_displayed && (
          <Badge variant="muted" className="font-normal">
            Hidden
          </Badge>
        )}
      </div>
      <p className="mt-1 text-sm text-stone-800">{r.review_text}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button variant="secondary" disabled={busy} onClick={() => onToggle({ is_displayed: !r.is_displayed })}>
          {r.is_displayed ? 'Hide' : 'Show'}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={() => onToggle({ is_featured: !r.is_featured })}>
          {r.is_featured ? 'Unfeature' : 'Feature'}
        </Button>
        <Button variant="secondary" onClick={onEdit}>
          Edit
        </Button>
        <Confirm
          trigger={<Button variant="secondary">Delete</Button>}
          title="Delete review"
          description={`Are you sure you want to delete the review by ${r.reviewer_name}? This action cannot be undone.`}
          onConfirm={onDelete}
        />
      </div>
    </li>
  );
}
