// Supabase Edge Function (Deno): the sitemap screen's 'Generate' button. The sitemap is part of every build
// (D10), so generating it is a rebuild of the site: the same request as rebuild-site.
import { serveRebuild } from '../_shared/serve.ts';

serveRebuild();
