// The Deno entry of the rebuild functions: Supabase's environment and supabase-js, around ../_shared/rebuild.ts.
import { createClient } from 'npm:@supabase/supabase-js@2';
import { handleRebuild } from './rebuild.ts';

export function serveRebuild() {
  Deno.serve((req) =>
    handleRebuild(req, {
      supabaseUrl: Deno.env.get('SUPABASE_URL')!,
      anonKey: Deno.env.get('SUPABASE_ANON_KEY')!,
      serviceRoleKey: Deno.env.get('SUPABASE_SERVICE_ROLE_KEY')!,
      buildHookUrl: Deno.env.get('BUILD_HOOK_URL'),
      githubToken: Deno.env.get('GITHUB_TOKEN'),
      createClient,
    }),
  );
}
