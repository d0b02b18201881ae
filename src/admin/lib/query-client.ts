/**
 * TanStack Query for the admin: data fresh for 5 minutes, one retry (spec §9). Failures are told in one place:
 * a query or mutation whose `meta.errorMessage` is set shows it once (after the retry, never per attempt), and a
 * mutation with `meta.publishes` asks for a rebuild after it succeeds (D17), so no tab can forget to publish.
 */
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ReadError, failureToast, type ErrorDetails } from './errors';
import { requestPublish } from './publish-requests';
import { toast } from './toast';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /**
       * The spec's text for a failed read, shown once as a toast: text, or a function of the error where the spec
       * words failures apart. A `ReadError` (one part of the read failed) brings its own text.
       */
      errorMessage?: string | ((err: unknown) => string);
    };
    mutationMeta: {
      /** The spec's text for a failed write, shown as a toast unless the caller handles the error itself. */
      errorMessage?: string | ((variables: never) => string);
      /** Explanations per kind of failure (errors.ts), shown under the message. */
      errorDetails?: ErrorDetails;
      /** The write changes public content: ask for a rebuild after it succeeds. */
      publishes?: boolean;
    };
  }
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { staleTime: 5 * 60_000, retry: 1 } },
    queryCache: new QueryCache({
      onError: (err, query) => {
        const meta = query.meta?.errorMessage;
        if (!meta) return;
        if (err instanceof ReadError) toast.error(failureToast(err.cause, err.message).title);
        else toast.error(failureToast(err, typeof meta === 'function' ? meta(err) : meta).title);
      },
    }),
    mutationCache: new MutationCache({
      onError: (err, variables, _context, mutation) => {
        const meta = mutation.meta;
        if (!meta?.errorMessage) return;
        const message =
          typeof meta.errorMessage === 'function' ? meta.errorMessage(variables as never) : meta.errorMessage;
        const { title, description } = failureToast(err, message, meta.errorDetails, variables);
        toast.error(title, description);
      },
      onSuccess: (_data, _variables, _context, mutation) => {
        if (mutation.meta?.publishes) requestPublish();
      },
    }),
  });
}
