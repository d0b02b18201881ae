/** Reviews: newest first; add and edit with validation; hide/show, feature/unfeature, delete after confirmation. */
import { useState } from 'react';
import type { Tables } from '../../lib/supabase';
import { useReviewsQuery } from '../../data/reviews/reviews-query';
import { useReviewCreateMutation } from '../../data/reviews/review-create-mutation';
import { useReviewUpdateMutation, type ReviewUpdate } from '../../data/reviews/review-update-mutation';
import { useReviewDeleteMutation } from '../../data/reviews/review-delete-mutation';
import { Panel } from '../../components/Panel';
import { QueryState } from '../../components/QueryState';
import { toast } from '../../lib/toast';
import { ReviewForm } from './ReviewForm';
import { ReviewItem } from './ReviewItem';
import type { ReviewInput } from './review-input-schema';

type Review = Tables<'reviews'>;

const flagFailure = ({ patch }: ReviewUpdate) =>
  'is_displayed' in patch ? 'Failed to update review visibility' : 'Failed to update featured status';

export default function ReviewsTab() {
  const [editing, setEditing] = useState<Review | null>(null);
  const reviews = useReviewsQuery();
  const create = useReviewCreateMutation();
  const update = useReviewUpdateMutation();
  const flag = useReviewUpdateMutation(flagFailure);
  const remove = useReviewDeleteMutation();

  async function save(input: ReviewInput) {
    try {
      if (editing) await update.mutateAsync({ id: editing.id, loadedAt: editing.updated_at, patch: input });
      else await create.mutateAsync(input);
    } catch {
      return false; // the mutation's meta has shown the spec's message
    }
    toast.success(editing ? 'Review updated successfully' : 'Review added successfully');
    setEditing(null);
    return true;
  }

  function toggle(r: Review, patch: Pick<Review, 'is_displayed'> | Pick<Review, 'is_featured'>) {
    flag.mutate(
      { id: r.id, loadedAt: r.updated_at, patch },
      {
        onSuccess: () => {
          if ('is_displayed' in patch)
            toast.success(patch.is_displayed ? 'Review shown successfully' : 'Review hidden successfully');
          else toast.success(patch.is_featured ? 'Review featured successfully' : 'Review unfeatured successfully');
        },
      },
    );
  }

  return (
    <div className="space-y-6">
      <Panel title={editing ? `Edit Review: ${editing.reviewer_name}` : 'Add Review'}>
        <ReviewForm key={editing?.id ?? 'new'} editing={editing} onSave={save} onCancel={() => setEditing(null)} />
      </Panel>
      <Panel title={`Reviews (${reviews.data?.length ?? 0})`}>
        <QueryState query={reviews} what="reviews">
          {(rows) => (
            <ul className="divide-y divide-stone-200">
              {rows.map((r) => (
                <ReviewItem
                  key={r.id}
                  review={r}
                  busy={flag.isPending}
                  onToggle={(patch) => toggle(r, patch)}
                  onEdit={() => setEditing(r)}
                  onDelete={() => remove.mutate(r, { onSuccess: () => toast.success('Review deleted successfully') })}
                />
              ))}
            </ul>
          )}
        </QueryState>
      </Panel>
    </div>
  );
}
