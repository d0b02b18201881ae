/**
 * Asking the `rebuild-site` function for a build (D17), as the signed-in admin. Used by the PublishProvider,
 * which debounces requests; the function coalesces the rest.
 */
import { PUBLIC_SUPABASE_ANON_KEY, PUBLIC_SUPABASE_URL } from 'astro:env/client';
import { supabase } from '../../lib/supabase';

/** Asks for a build now; resolves with the function's error message, or null when the build was queued. */
export async function requestRebuild(): Promise<string | null> {
  const { error } = await supabase.functions.invoke('rebuild-site', { body: {} });
  if (!error) return null;
  const res = (error as { context?: unknown }).context;
  const body = res instanceof Response ? await res.json().catch(() => null) : null;
  return (body as { error?: string } | null)?.error ?? error.message;
}

/** Sends a build request that outlives the page (keepalive), for a save made just before leaving it. */
export function requestRebuildOnLeave(): void {
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
}
