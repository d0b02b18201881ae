/**
 * What every list tab does with its table: read the rows (toasting the spec's fetch error), refresh and publish
 * after a change, and delete a row after its confirmation.
 */
import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { supabase, type Tables } from './supabase';
import { usePublish } from './publish';
import { toast } from './toast';

type ListTable = 'reviews' | 'categories' | 'seo_redirects' | 'contact_submissions' | 'newsletter_subscribers';

/** The rows of `table` in the given order; a failed read shows `fetchError` (if the spec gives one). */
export function useRows<T extends ListTable>(
  table: T,
  key: QueryKey,
  order: { column: keyof Tables<T> & string; ascending: boolean },
  fetchError?: string,
) {
  return useQuery({
    queryKey: key,
    queryFn: async () => {
      const { data, error } = await supabase.from(table).select().order(order.column, { ascending: order.ascending });
      if (error) {
        if (fetchError) toast.error(fetchError);
        throw error;
      }
      return data as unknown as Tables<T>[];
    },
  });
}

/** After a write that changes public content: reload the list and ask for a publish. */
export function useChanged(key: QueryKey) {
  const queryClient = useQueryClient();
  const { requestPublish } = usePublish();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: key });
    requestPublish();
  };
}

/** Deletes a row by id, with the spec's success and failure toasts, then `changed()`. */
export function useDelete(table: ListTable, changed: () => Promise<void>, messages: { done: string; failed: string }) {
  return useMutation({
    mutationFn: async (row: { id: string }) => {
      const { error } = await supabase.from(table).delete().eq('id', row.id);
      if (error) throw error;
    },
    onSuccess: async () => {
      toast.success(messages.done);
      await changed();
    },
    onError: () => toast.error(messages.failed),
  });
}
