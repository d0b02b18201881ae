/** Reviews: newest first; add and edit with validation; hide/show, feature/unfeature, delete after confirmation. */
import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { type Tables } from '../../lib/supabase';
import { keys } from '../../lib/query';
import { useChanged, useDelete, useRows } from '../../lib/table';
import { toast } from '../../lib/toast';
import { failure, saveRow, updateUnchanged } from '../../lib/rows';
import { MESSAGES } from '../../lib/validation';
import { useSite } from '../../lib/site';
import {
  Card,
  Confirm,
  Field,
  Spinner,
  Switch,
  TextArea,
  inputClass,
  primaryButton,
  secondaryButton,
} from '../../components/ui';

type Review = Tables<'reviews'>;
export type ReviewInput = Pick<
  Review,
  'reviewer_name' | 'review_date' | 'review_text' | 'rating' | 'platform_source' | 'is_displayed' | 'is_featured'
>;

const today = () => new Date().toISOString().slice(0, 10);
const blank = (): ReviewInput => ({
  reviewer_name: '',
  review_date: today(),
  review_text: '',
  rating: 5,
  platform_source: 'Google My Business',
  is_displayed: true,
  is_featured: false,
});

export function ReviewForm({
  editing,
  onSave,
  onCancel,
}: {
  editing: Review | null;
  onSave: (input: ReviewInput) => Promise<boolean>;
  onCancel: () => void;
}) {
  const site = useSite();
  const [form, setForm] = useState<ReviewInput>(() => {
    if (!editing) return blank();
    const { reviewer_name, review_date, review_text, rating, platform_source, is_displayed, is_featured } = editing;
    return { reviewer_name, review_date, review_text, rating, platform_source, is_displayed, is_featured };
  });
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof ReviewInput>(k: K, v: ReviewInput[K]) => setForm((f) => ({ ...f, [k]: v }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!form.reviewer_name.trim() || !form.review_date || !form.review_text.trim()) {
      toast.error(MESSAGES.reviewRequired);
      return;
    }
    if (!(form.rating >= 1 && form.rating <= 5)) return;
    setBusy(true);
    const ok = await onSave({
      ...form,
      reviewer_name: form.reviewer_name.trim(),
      review_text: form.review_text.trim(),
    });
    setBusy(false);
    if (ok && !editing) setForm(blank());
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4 md:grid-cols-2">
      <Field label="Reviewer Name" value={form.reviewer_name} onChange={(e) => set('reviewer_name', e.target.value)} />
      <Field
        label="Review Date"
        type="date"
        value={form.review_date}
        onChange={(e) => set('review_date', e.target.value)}
      />
      <div className="md:col-span-2">
        <TextArea
          label="Review Text"
          rows={4}
          value={form.review_text}
          onChange={(e) => set('review_text', e.target.value)}
        />
      </div>
      <div>
        <label htmlFor="review-rating" className="block text-sm font-medium text-stone-800">
          Rating
        </label>
        <select
          id="review-rating"
          className={inputClass}
          value={form.rating}
          onChange={(e) => set('rating', Number(e.target.value))}
        >
          {[5, 4, 3, 2, 1].map((n) => (
            <option key={n} value={n}>
              {'★'.repeat(n)} ({n} of 5)
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="review-platform" className="block text-sm font-medium text-stone-800">
          Platform
        </label>
        <select
          id="review-platform"
          className={inputClass}
          value={form.platform_source}
          onChange={(e) => set('platform_source', e.target.value)}
        >
          <option value="Google My Business">Google My Business</option>
          <option value={site.host}>{site.host}</option>
        </select>
      </div>
      <Switch label="Displayed" checked={form.is_displayed} onChange={(v) => set('is_displayed', v)} />
      <Switch label="Featured" checked={form.is_featured} onChange={(v) => set('is_featured', v)} />
      <div className="flex gap-3 md:col-span-2">
        <button type="submit" className={primaryButton} disabled={busy}>
          {editing ? 'Update Review' : 'Add Review'}
        </button>
        {editing && (
          <button type="button" className={secondaryButton} onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}

export default function Reviews() {
  const [editing, setEditing] = useState<Review | null>(null);
  const { data: reviews, isLoading } = useRows(
    'reviews',
    keys.reviews.all,
    { column: 'review_date', ascending: false },
    'Failed to fetch reviews',
  );
  const changed = useChanged(keys.reviews.all);

  async function save(input: ReviewInput) {
    try {
      await saveRow('reviews', editing ?? null, input);
    } catch (err) {
      toast.error(failure(err, 'Failed to save review'));
      return false;
    }
    toast.success(editing ? 'Review updated successfully' : 'Review added successfully');
    setEditing(null);
    await changed();
    return true;
  }

  const flag = useMutation({
    mutationFn: async ({ r, patch }: { r: Review; patch: Partial<Review> }) =>
      updateUnchanged('reviews', r.id, r.updated_at, patch),
    onSuccess: async (_d, { patch }) => {
      if ('is_displayed' in patch)
        toast.success(patch.is_displayed ? 'Review shown successfully' : 'Review hidden successfully');
      else toast.success(patch.is_featured ? 'Review featured successfully' : 'Review unfeatured successfully');
      await changed();
    },
    onError: (err, { patch }) =>
      toast.error(
        failure(
          err,
          'is_displayed' in patch ? 'Failed to update review visibility' : 'Failed to update featured status',
        ),
      ),
  });

  const remove = useDelete('reviews', changed, {
    done: 'Review deleted successfully',
    failed: 'Failed to delete review',
  });

  return (
    <div className="space-y-6">
      <Card title={editing ? `Edit Review: ${editing.reviewer_name}` : 'Add Review'}>
        <ReviewForm key={editing?.id ?? 'new'} editing={editing} onSave={save} onCancel={() => setEditing(null)} />
      </Card>
      <Card title={`Reviews (${reviews?.length ?? 0})`}>
        {isLoading ? (
          <Spinner />
        ) : (
          <ul className="divide-y divide-stone-200">
            {(reviews ?? []).map((r) => (
              <li key={r.id} className={`py-3 ${r.is_displayed ? '' : 'bg-stone-100 text-stone-600'}`}>
                <div className="flex flex-wrap items-center gap-2">
                  <strong>{r.reviewer_name}</strong>
                  <span aria-label={`${r.rating} out of 5 stars`}>{'★'.repeat(r.rating)}</span>
                  <span className="text-sm text-stone-600">
                    {r.review_date} · {r.platform_source}
                  </span>
                  {r.is_featured && (
                    <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs text-amber-900">Featured</span>
                  )}
                  {!r.is_displayed && (
                    <span className="rounded-full bg-stone-200 px-2 py-0.5 text-xs text-stone-800">Hidden</span>
                  )}
                </div>
                <p className="mt-1 text-sm text-stone-800">{r.review_text}</p>
                <div className="mt-2 flex flex-wrap gap-2">
                  <button
                    type="button"
                    className={secondaryButton}
                    disabled={flag.isPending}
                    onClick={() => flag.mutate({ r, patch: { is_displayed: !r.is_displayed } })}
                  >
                    {r.is_displayed ? 'Hide' : 'Show'}
                  </button>
                  <button
                    type="button"
                    className={secondaryButton}
                    disabled={flag.isPending}
                    onClick={() => flag.mutate({ r, patch: { is_featured: !r.is_featured } })}
                  >
                    {r.is_featured ? 'Unfeature' : 'Feature'}
                  </button>
                  <button type="button" className={secondaryButton} onClick={() => setEditing(r)}>
                    Edit
                  </button>
                  <Confirm
                    trigger={
                      <button type="button" className={secondaryButton}>
                        Delete
                      </button>
                    }
                    title="Delete review"
                    description={`Are you sure you want to delete the review by ${r.reviewer_name}? This action cannot be undone.`}
                    onConfirm={() => remove.mutate(r)}
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
