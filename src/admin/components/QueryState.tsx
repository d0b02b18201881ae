/**
 * What a list shows while its read is in flight, after it failed (an error state with Retry, never the empty
 * state: an empty list would say there is nothing when the truth is that it could not be read), when it is
 * empty, and otherwise its rows.
 */
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';

/**
 * A read that failed, for a list or a single row: what could not be loaded, that nothing is lost, and Retry.
 */
export function LoadFailed({
  query,
  what,
}: {
  query: { isFetching: boolean; refetch: () => Promise<unknown> };
  /** What the read holds, for the text: 'reviews', 'SEO settings'. */
  what: string;
}) {
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 rounded-md bg-red-50 p-4 text-sm text-red-900">
      <p className="min-w-0 flex-1">Could not load the {what}. Nothing is lost; try again.</p>
      <Button variant="secondary" disabled={query.isFetching} onClick={() => void query.refetch()}>
        {query.isFetching ? 'Retrying...' : 'Retry'}
      </Button>
    </div>
  );
}

export function QueryState<T>({
  query,
  what,
  empty,
  children,
}: {
  query: Pick<UseQueryResult<T[]>, 'data' | 'isPending' | 'isError' | 'isFetching'> & {
    refetch: () => Promise<unknown>;
  };
  /** What the list holds, for the error text: 'reviews'. */
  what: string;
  /** Shown when the read succeeded with no rows. */
  empty?: ReactNode;
  children: (rows: T[]) => ReactNode;
}) {
  if (query.isPending) return <Spinner />;
  if (query.isError) return <LoadFailed query={query} what={what} />;
  if (!query.data?.length && empty) return <>{empty}</>;
  return <>{children(query.data ?? [])}</>;
}
