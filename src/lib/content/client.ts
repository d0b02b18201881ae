import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../supabase/database.types';
import { prefetchedFetch } from './prefetch';

export type BuildClient = SupabaseClient<Database>;

/**
 * The client of every build-time read: the anon key only, so row-level security decides what the static site
 * may contain (decision D2). No session is kept; nothing of it reaches a browser. Its reads are answered from
 * those the build started as it began, when they are the same (prefetch.ts).
 */
export function createBuildClient(url: string, anonKey: string): BuildClient {
  if (!url || !anonKey) {
    throw new Error('Build-time reads need PUBLIC_SUPABASE_URL and PUBLIC_SUPABASE_ANON_KEY.');
  }
  return createClient<Database>(url, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch: prefetchedFetch() },
  });
}

/**
 * Fails the build with a message naming the table when a read fails: a failed read must never ship an empty page.
 */
export function readFailed(table: string, error: { message: string; code?: string }): never {
  throw new Error(`Build-time read of ${table} failed: ${error.message}${error.code ? ` (${error.code})` : ''}`);
}

/**
 * Fails at once, before Vite bundles, when Supabase refuses the build's key: a read every build makes (the global
 * SEO settings) answered 401 or 403. Without it, a build with a wrong key bundled for about 11 s of CPU before that
 * read failed with the same message (#28). Any other answer, or none (the database not answering), is left to the
 * reads. Plain fetch rather than the client: postgrest-js retries a request that got no answer for 7 s.
 */
export async function checkBuildKey(url: string | undefined, anonKey: string | undefined): Promise<void> {
  if (!url || !anonKey) return; // the first read says what is missing (createBuildClient)
  const headers: Record<string, string> = { apikey: anonKey, Accept: 'application/json' };
  // A legacy JWT key is the bearer too, as supabase-js sends it; a publishable key (sb_…) goes in apikey alone.
  if (!anonKey.startsWith('sb_')) headers.Authorization = `Bearer ${anonKey}`;
  const res = await fetch(`${url.replace(/\/+$/, '')}/rest/v1/seo_settings?select=id&limit=1`, {
    headers,
    signal: AbortSignal.timeout(10_000),
  }).catch(() => null);
  if (res?.status !== 401 && res?.status !== 403) return;
  const body = (await res.json().catch(() => null)) as { message?: unknown; code?: unknown } | null;
  readFailed('seo_settings', {
    message: typeof body?.message === 'string' ? body.message : `${res.status} ${res.statusText}`,
    ...(typeof body?.code === 'string' && { code: body.code }),
  });
}
