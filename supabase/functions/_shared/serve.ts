// The Deno entry of the rebuild functions: Supabase's environment and supabase-js, around ../_shared/rebuild.ts.
// The version is pinned to the one in package.json (the Node tests run the same code with it).
import { createClient } from 'npm:@supabase/supabase-js@2.119.1';
import { handleRebuild } from './rebuild.ts';

/**
 * The keys in one of the JSON objects hosted Edge Functions get for the new API keys, `SUPABASE_SECRET_KEYS` and
 * `SUPABASE_PUBLISHABLE_KEYS` (`{"default": "sb_secret_…", …}`), the `default` one first. Empty when unset.
 */
function keysOf(name: string): string[] {
  try {
    const parsed: unknown = JSON.parse(Deno.env.get(name) ?? '{}');
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return [];
    const { default: first, ...rest } = parsed as Record<string, unknown>;
    return [first, ...Object.values(rest)].filter((k): k is string => typeof k === 'string' && k !== '');
  } catch {
    return [];
  }
}

export function serveRebuild() {
  // Both kinds of key work: the new secret keys first (the legacy JWT keys may be disabled in the dashboard while
  // their variables remain set), then the legacy service_role JWT.
  const serviceKeys = [...keysOf('SUPABASE_SECRET_KEYS'), Deno.env.get('SUPABASE_SERVICE_ROLE_KEY') ?? ''].filter(
    (k) => k !== '',
  );
  const anonKey = keysOf('SUPABASE_PUBLISHABLE_KEYS')[0] ?? Deno.env.get('SUPABASE_ANON_KEY') ?? '';
  Deno.serve((req) =>
    handleRebuild(req, {
      supabaseUrl: Deno.env.get('SUPABASE_URL')!,
      anonKey,
      serviceKeys,
      buildHookUrl: Deno.env.get('BUILD_HOOK_URL'),
      githubToken: Deno.env.get('GITHUB_TOKEN'),
      createClient,
    }),
  );
}
