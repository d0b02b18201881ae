// Supabase Edge Function (Deno): a guest's message from the contact form (D22). Public (verify_jwt = false in
// supabase/config.toml): a plain HTML form posts here without any header. See ../_shared/guest-messages.js.
import { serveGuestMessage } from '../_shared/serve-guest.ts';

serveGuestMessage('contact');
