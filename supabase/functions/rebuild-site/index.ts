// Supabase Edge Function (Deno): an admin asks for a rebuild of the static site (D17). See ../_shared/rebuild.ts.
import { createClient } from 'npm:@supabase/supabase-js@2';
import { handleRebuild } from '../_shared/rebuild.ts';

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
