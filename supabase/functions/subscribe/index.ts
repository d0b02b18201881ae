// Supabase Edge Function (Deno): a newsletter sign-up (D13, D22). Public (verify_jwt = false in
// supabase/config.toml): a plain HTML form posts here without any header. See ../_shared/guest-messages.js.
import { serveGuestMessage } from '../_shared/serve-guest.ts';

serveGuestMessage('subscribe');
