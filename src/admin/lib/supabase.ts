/**
 * The admin's supabase-js client: the public URL and anon key (D2), with the staff member's session kept in
 * localStorage. Row-level security decides what the session may read and write. Only `src/admin/data/` may
 * import it (ESLint): components call the data layer's hooks.
 */
import { createClient } from '@supabase/supabase-js';
import { PUBLIC_SUPABASE_ANON_KEY, PUBLIC_SUPABASE_URL } from 'astro:env/client';
import type { Database } from '../../lib/supabase/database.types';

export type { Json, Tables, TablesInsert, TablesUpdate } from '../../lib/supabase/database.types';

export const supabase = createClient<Database>(PUBLIC_SUPABASE_URL, PUBLIC_SUPABASE_ANON_KEY, {
  auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: false, storageKey: 'hotel-admin-auth' },
});
