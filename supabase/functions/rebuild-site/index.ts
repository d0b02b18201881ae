// Supabase Edge Function (Deno): an admin asks for a rebuild of the static site (D17). See ../_shared/rebuild.ts.
import { serveRebuild } from '../_shared/serve.ts';

serveRebuild();
