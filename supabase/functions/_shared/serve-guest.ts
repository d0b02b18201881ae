// The Deno entry of the guest-message functions (D22): Supabase's environment, supabase-js with a service key,
// Resend for the staff email, around ./guest-messages.js (which the local stack's gateway runs too).
// The version is pinned to the one in package.json (the Node tests run the same code with it).
import { createClient } from 'npm:@supabase/supabase-js@2.119.1';
import { clientIpFromHeaders, handleGuestMessage, resendMailer } from './guest-messages.js';
import { serviceKeys } from './keys.ts';

export function serveGuestMessage(kind: 'contact' | 'subscribe') {
  const [serviceKey] = serviceKeys();
  const db = serviceKey
    ? createClient(Deno.env.get('SUPABASE_URL')!, serviceKey, {
        auth: { persistSession: false, autoRefreshToken: false },
      })
    : undefined;
  const sendEmail = resendMailer({ apiKey: Deno.env.get('RESEND_API_KEY'), from: Deno.env.get('EMAIL_FROM') });
  Deno.serve((req) => {
    if (!db) {
      console.error(`[${kind}] no service key (SUPABASE_SECRET_KEYS or SUPABASE_SERVICE_ROLE_KEY) for this function`);
      return Response.json(
        { ok: false, error: 'failed', message: 'This function is not configured.' },
        { status: 500 },
      );
    }
    return handleGuestMessage(kind, req, {
      db,
      hashSecret: serviceKey,
      clientIp: clientIpFromHeaders,
      sendEmail,
      siteUrl: Deno.env.get('SITE_URL'),
      log: (line) => console.log(line),
    });
  });
}
