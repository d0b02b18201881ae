/**
 * Publishing from the admin (D17): every successful write that changes public content calls `requestPublish()`;
 * calls within a short debounce become one `rebuild-site` request, and the server coalesces the rest. A request
 * that fails says so in a toast. A pending request is sent before logging out and when the page is left, so no
 * save goes unpublished. The latest `site_builds` row is polled while a build is queued or building.
 */
import { createContext, useCallback, useContext, useEffect, useRef, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PUBLIC_SUPABASE_ANON_KEY, PUBLIC_SUPABASE_URL } from 'astro:env/client';
import { supabase, type Tables } from './supabase';
import { keys } from './query';
import { toast } from './toast';

export const PUBLISH_DEBOUNCE_MS = 800;

interface PublishApi {
  /** Asks for a rebuild soon (debounced). */
  requestPublish(): void;
  /** Asks for a rebuild now; resolves with the error message, if any. */
  publishNow(): Promise<string | null>;
  /** Sends a pending debounced request now (before logging out). */
  flush(): Promise<void>;
}

const PublishContext = createContext<PublishApi | null>(null);

export function PublishProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef(false);

  const publishNow = useCallback(async () => {
    clearTimeout(timer.current);
    pending.current = false;
    const { error } = await supabase.functions.invoke('rebuild-site', { body: {} });
    await queryClient.invalidateQueries({ queryKey: keys.builds.latest });
    if (!error) return null;
    const res = (error as { context?: unknown }).context;
    const body = res instanceof Response ? await res.json().catch(() => null) : null;
    return (body as { error?: string } | null)?.error ?? error.message;
  }, [queryClient]);

  const publishQuietly = useCallback(async () => {
    const error = await publishNow();
    if (error) toast.error('Failed to publish', `${error} Your change is saved; use Publish now to try again.`);
  }, [publishNow]);

  const requestPublish = useCallback(() => {
    clearTimeout(timer.current);
    pending.current = true;
    timer.current = setTimeout(() => void publishQuietly(), PUBLISH_DEBOUNCE_MS);
  }, [publishQuietly]);

  const flush = useCallback(async () => {
    if (pending.current) await publishQuietly();
  }, [publishQuietly]);

  useEffect(() => {
    // Leaving the page with a request pending: send it with keepalive, which outlives the page.
    const onHide = () => {
      if (!pending.current) return;
      clearTimeout(timer.current);
      pending.current = false;
      void supabase.auth.getSession().then(({ data }) => {
        const token = data.session?.access_token;
        if (!token) return;
        void fetch(`${PUBLIC_SUPABASE_URL}/functions/v1/rebuild-site`, {
          method: 'POST',
          keepalive: true,
          headers: {
            apikey: PUBLIC_SUPABASE_ANON_KEY,
            Authorization: `Bearer ${token}`,
            'Content-Type': 'application/json',
          },
          body: '{}',
        });
      });
    };
    window.addEventListener('pagehide', onHide);
    return () => {
      window.removeEventListener('pagehide', onHide);
      clearTimeout(timer.current);
    };
  }, []);

  return <PublishContext.Provider value={{ requestPublish, publishNow, flush }}>{children}</PublishContext.Provider>;
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
