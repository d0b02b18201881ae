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
