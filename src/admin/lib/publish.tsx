/**
 * Publishing from the admin (D17): every successful write that changes public content calls `requestPublish()`;
 * calls within a short debounce become one `rebuild-site` request, and the server coalesces the rest. The latest
 * `site_builds` row is polled while a build is queued or building.
 */
import { createContext, useCallback, useContext, useEffect, useRef, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { supabase, type Tables } from './supabase';
import { keys } from './query';

export const PUBLISH_DEBOUNCE_MS = 800;

interface PublishApi {
  /** Asks for a rebuild soon (debounced). */
  requestPublish(): void;
  /** Asks for a rebuild now; resolves with the error message, if any. */
  publishNow(): Promise<string | null>;
}

const PublishContext = createContext<PublishApi | null>(null);

export function PublishProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const publishNow = useCallback(async () => {
    clearTimeout(timer.current);
    const { error } = await supabase.functions.invoke('rebuild-site', { body: {} });
    await queryClient.invalidateQueries({ queryKey: keys.builds.latest });
    if (!error) return null;
    const res = (error as { context?: unknown }).context;
    const body = res instanceof Response ? await res.json().catch(() => null) : null;
    return (body as { error?: string } | null)?.error ?? error.message;
  }, [queryClient]);

  const requestPublish = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void publishNow(), PUBLISH_DEBOUNCE_MS);
  }, [publishNow]);

  useEffect(() => () => clearTimeout(timer.current), []);
  return <PublishContext.Provider value={{ requestPublish, publishNow }}>{children}</PublishContext.Provider>;
}

export function usePublish(): PublishApi {
  const ctx = useContext(PublishContext);
  if (!ctx) throw new Error('usePublish must be used within a PublishProvider');
  return ctx;
}

export function useLatestBuild() {
  return useQuery({
    queryKey: keys.builds.latest,
    queryFn: async (): Promise<Tables<'site_builds'> | null> => {
      const { data, error } = await supabase
        .from('site_builds')
        .select()
        .order('id', { ascending: false })
        .limit(1)
        .maybeSingle();
      if (error) throw error;
      return data;
    },
    staleTime: 0,
    refetchInterval: (q) => (q.state.data && ['queued', 'building'].includes(q.state.data.status) ? 1000 : 15_000),
  });
}
