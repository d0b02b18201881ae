// @ts-check
/**
 * The publisher's functions on the local gateway, under the names the admin and production use:
 * `rebuild-site` (every publishing write) and `generate-sitemap` (the sitemap screen's button; the sitemap is
 * part of every build, D10). Only a signed-in admin (or the service role, for `npm run publish`) may ask for a
 * build: no token → 401 from the gateway, the anon key or a signed-out session's token → 401, a user without the
 * admin role → 403.
 */
import { createClient } from '@supabase/supabase-js';
import { createPublisher } from './publisher.mjs';

export const PUBLISH_FUNCTIONS = ['rebuild-site', 'generate-sitemap'];

/** Whether a request's JSON body says `{ "full": true }`. @param {Buffer | undefined} body */
function askedFull(body) {
  try {
    return JSON.parse(body?.toString() || '{}')?.full === true;
  } catch {
    return false;
  }
}

/**
 * @param {ReturnType<typeof import('./publisher.mjs').createPublisher>} publisher
 * @param {{ supabaseUrl: string, anonKey: string }} opts
 * @returns {import('@boudha/local-supabase/gateway/functions').FunctionHandler}
 */
export function createPublishHandler(publisher, { supabaseUrl, anonKey }) {
  return async ({ method, claims, token, body }) => {
    if (method !== 'POST') return { status: 405, body: { error: 'Use POST to ask for a build.' } };
    /** @type {'admin' | 'cli'} */
    let trigger = 'admin';
    /** @type {string | null} */
    let requestedBy = null;
    if (claims.role === 'service_role') {
      trigger = 'cli';
    } else if (claims.role === 'authenticated' && typeof claims.sub === 'string') {
      const asCaller = createClient(supabaseUrl, anonKey, {
        auth: { persistSession: false, autoRefreshToken: false },
        global: { headers: { Authorization: `Bearer ${token}` } },
      });
      // A valid signature is not enough: the token's session must still exist (a sign-out ends it). The auth
      // server checks that, as the production function asks it (supabase/functions/_shared/rebuild.ts).
      const { data: user, error: userError } = await asCaller.auth.getUser(token);
      if (userError || !user?.user) return { status: 401, body: { error: 'Sign in as an admin to publish the site.' } };
      // Ask the database, as the caller, whether they are an admin: the same rule RLS applies to their writes.
      const { data: isAdmin, error } = await asCaller.rpc('is_admin');
      if (error) return { status: 503, body: { error: `Could not check your role: ${error.message}` } };
      if (!isAdmin) return { status: 403, body: { error: 'Only admins can publish the site.' } };
      requestedBy = user.user.id;
    } else {
      return { status: 401, body: { error: 'Sign in as an admin to publish the site.' } };
    }
    // `npm run publish -- --force` (the service role) may ask for a build that renders every page (#17).
    const full = trigger === 'cli' && askedFull(body);
    const { build, coalesced } = await publisher.request({ trigger, requestedBy, full });
    // 202: the build is queued (or joined the one waiting); the admin follows it in site_builds.
    return { status: 202, body: { build, coalesced } };
  };
}

/**
 * A publisher for a running local stack, answering its rebuild functions: what npm start, the tests and the
 * benchmark run.
 * @param {import('@boudha/local-supabase/stack').Stack} stack
 * @param {Omit<Parameters<typeof import('./publisher.mjs').createPublisher>[0], 'supabaseUrl' | 'anonKey' | 'serviceRoleKey'>} opts
 */
export function attachPublisher(stack, opts) {
  const publisher = createPublisher({
    ...opts,
    supabaseUrl: stack.env.PUBLIC_SUPABASE_URL,
    anonKey: stack.env.PUBLIC_SUPABASE_ANON_KEY,
    serviceRoleKey: stack.env.SUPABASE_SERVICE_ROLE_KEY,
  });
  const handler = createPublishHandler(publisher, {
    supabaseUrl: stack.env.PUBLIC_SUPABASE_URL,
    anonKey: stack.env.PUBLIC_SUPABASE_ANON_KEY,
  });
  for (const name of PUBLISH_FUNCTIONS) stack.functions.set(name, handler);
  return publisher;
}
