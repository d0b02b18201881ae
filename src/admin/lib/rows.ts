/**
 * Writes that never overwrite someone else's change (D18): an update carries the `updated_at` the row had when
 * it was loaded, and when no row matches any more the editor is warned instead.
 */
import { supabase } from './supabase';

export const CONFLICT_MESSAGE =
  'This item was changed by someone else since you opened it. Your changes were not saved; reload to see the latest version.';

export class ConflictError extends Error {
  constructor() {
    super(CONFLICT_MESSAGE);
    this.name = 'ConflictError';
  }
}

type Table = 'reviews' | 'categories' | 'contact_details' | 'contact_submissions' | 'seo_redirects';

/** Updates row `id` only if it is unchanged since `loadedAt`; throws ConflictError otherwise. */
export async function updateUnchanged(table: Table, id: string, loadedAt: string, patch: Record<string, unknown>) {
  const { data, error } = await supabase
    .from(table)
    .update(patch as never)
    .eq('id', id as never)
    .eq('updated_at', loadedAt as never)
    .select('id');
  if (error) throw error;
  if (!data?.length) throw new ConflictError();
}

/** The message a failed write shows: the conflict warning, or the spec's text for that action. */
export const failure = (err: unknown, specMessage: string) =>
  err instanceof ConflictError ? CONFLICT_MESSAGE : specMessage;

/** Saves a form: updates the row being edited (if unchanged since loaded), else inserts a new one. */
export async function saveRow(
  table: Table,
  editing: { id: string; updated_at: string } | null,
  input: Record<string, unknown>,
) {
  if (editing) return updateUnchanged(table, editing.id, editing.updated_at, input);
  const { error } = await supabase.from(table).insert(input as never);
  if (error) throw error;
}
