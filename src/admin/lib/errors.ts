/**
 * What a failed read or write means, in one place: the D18 conflict, and the Postgres and PostgREST codes the
 * admin meets, mapped to kinds that the data layer's `meta.errorDetails` can word. Components never match codes.
 */

export const CONFLICT_MESSAGE =
  'This item was changed by someone else since you opened it. Your changes were not saved; reload to see the latest version.';

/** Raised by an update whose row changed (or vanished) since it was loaded (D18). */
export class ConflictError extends Error {
  constructor() {
    super(CONFLICT_MESSAGE);
    this.name = 'ConflictError';
  }
}

/** The codes the admin tells apart: Postgres SQLSTATEs, and PT409 raised by the save functions (D24). */
export const PG = {
  uniqueViolation: '23505',
  checkViolation: '23514',
  notNullViolation: '23502',
  foreignKeyViolation: '23503',
  insufficientPrivilege: '42501',
  staleRow: 'PT409',
} as const;

export type ErrorKind = 'conflict' | 'duplicate' | 'invalid' | 'forbidden' | 'unreachable' | 'unknown';

/** The kind of a failure thrown by supabase-js (a PostgrestError-like object), fetch or the data layer. */
export function errorKind(err: unknown): ErrorKind {
  if (err instanceof ConflictError) return 'conflict';
  const code = (err as { code?: unknown } | null)?.code;
  if (code === PG.staleRow) return 'conflict';
  if (code === PG.uniqueViolation) return 'duplicate';
  if (code === PG.checkViolation || code === PG.notNullViolation || code === PG.foreignKeyViolation) return 'invalid';
  if (code === PG.insufficientPrivilege) return 'forbidden';
  if (err instanceof TypeError || /failed to fetch|network/i.test(String((err as Error | null)?.message ?? '')))
    return 'unreachable';
  return 'unknown';
}

/** Generic explanations shown under the spec's title when a mutation gives none of its own for that kind. */
const DEFAULT_DETAILS: Partial<Record<ErrorKind, string>> = {
  forbidden: 'Your account may not make this change. Sign in as an admin.',
  unreachable: 'The server could not be reached. Check the connection; nothing was saved.',
};

/** Words a mutation may give per kind: text, or a function of the mutation's variables. */
export type ErrorDetails = Partial<Record<ErrorKind, string | ((variables: never) => string)>>;

/**
 * The toast for a failure: the conflict warning as its own title (it says what happened better than the spec's
 * generic text), else the spec's message with the kind's explanation, if any.
 */
export function failureToast(
  err: unknown,
  message: string,
  details: ErrorDetails = {},
  variables?: unknown,
): { title: string; description?: string } {
  const kind = errorKind(err);
  if (kind === 'conflict') return { title: CONFLICT_MESSAGE };
  const detail = details[kind] ?? DEFAULT_DETAILS[kind];
  const description = typeof detail === 'function' ? detail(variables as never) : detail;
  return description ? { title: message, description } : { title: message };
}

/**
 * The spec's words for a failed read that it tells apart by what went wrong: `failed` when the server answered with
 * an error, `unreachable` when the request got no answer ('Failed to fetch versions', 'An error occurred while
 * fetching versions').
 */
export const readMessage = (err: unknown, failed: string, unreachable: string) =>
  errorKind(err) === 'unreachable' ? unreachable : failed;

/**
 * A failure of one part of a read that loads several (a page with its blocks), with that part's own words: the
 * query cache shows them instead of the query's `meta.errorMessage`. The answer's error is its `cause`.
 */
export class ReadError extends Error {
  constructor(message: string, cause: unknown) {
    super(message, { cause });
    this.name = 'ReadError';
  }
}

/** The rows of a supabase-js answer, or its error thrown. */
export function rowsOf<T>({ data, error }: { data: T | null; error: unknown }): T {
  if (error) throw error;
  return data as T;
}

/**
 * The rows an update touched, which must be some: an update filtered on the loaded `updated_at` that touched
 * nothing means the row changed or vanished since it was loaded (D18).
 */
export function changedRows<T>(answer: { data: T[] | null; error: unknown }): T[] {
  const rows = rowsOf(answer) ?? [];
  if (!rows.length) throw new ConflictError();
  return rows;
}
