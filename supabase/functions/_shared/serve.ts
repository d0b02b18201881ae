// The Deno entry of the rebuild functions: Supabase's environment and supabase-js, around ../_shared/rebuild.ts.
// The version is pinned to the one in package.json (the Node tests run the same code with it).
import { createClient } from 'npm:@supabase/supabase-js@2.119.1';
import { handleRebuild } from './rebuild.ts';
import { keysOf, serviceKeys as serviceKeysOf } from './keys.ts';

export function serveRebuild() {
  // Both kinds of key work (keys.ts): the new secret keys first, then the legacy service_role JWT.
  const serviceKeys = serviceKeysOf();
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
