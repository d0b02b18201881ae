// Supabase Edge Function (Deno): the sitemap screen's 'Generate' button. The sitemap is part of every build
// (D10), so generating it is a rebuild of the site, the same request as rebuild-site.
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
