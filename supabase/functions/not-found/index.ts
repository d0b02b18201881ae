// Supabase Edge Function (Deno): the 404 page reports a missing path (#29, D28). Public (verify_jwt = false in
// supabase/config.toml): the page's navigator.sendBeacon carries no header. See ./not-found.js.
// The version is pinned to the one in package.json (the Node tests run the same code with it).
import { createClient } from 'npm:@supabase/supabase-js@2.119.1';
import { clientIpFromHeaders } from '../_shared/guest-messages.js';
import { serviceKeys } from '../_shared/keys.ts';
import { handleNotFound } from './not-found.js';

const [serviceKey] = serviceKeys();
const db = serviceKey
  ? createClient(Deno.env.get('SUPABASE_URL')!, serviceKey, {
      auth: { persistSession: false, autoRefreshToken: false },
    })
  : undefined;

Deno.serve((req) => {
  if (!db) {
    console.error('[not-found] no service key (SUPABASE_SECRET_KEYS or SUPABASE_SERVICE_ROLE_KEY) for this function');
    return Response.json({ ok: false, error: 'failed', message: 'This function is not configured.' }, { status: 500 });
  }
  return handleNotFound(req, {
    db,
    hashSecret: serviceKey,
    clientIp: clientIpFromHeaders,
    siteUrl: Deno.env.get('SITE_URL'),
    log: (line) => console.log(line),
  });
});
