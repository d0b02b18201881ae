// deno-lint-ignore-file no-explicit-any
/**
 * The production rebuild request (D17), shared by the `rebuild-site` and `generate-sitemap` Edge Functions.
 * Web-standard Request/Response and an injected supabase-js `createClient`, so the same code runs in Deno (the
 * Edge Functions) and in the Node tests against the local stack.
 *
 * 1. Only an admin (checked with the caller's token through `is_admin()`, the rule RLS uses) or a holder of a
 *    service key may ask: anon 401, other users 403. A service key is the legacy `service_role` JWT or a secret
 *    key (`sb_secret_…`, not a JWT), presented as `Authorization: Bearer <key>` or in the `apikey` header (where
 *    supabase-js puts a new-style key). The functions run with `verify_jwt = false` (supabase/config.toml): the
 *    platform's JWT check cannot be relied on to let a secret key through, and this check is the one that counts.
 * 2. A build already waiting (a `queued` row) absorbs the request: no second call to the host (coalescing).
 * 3. Otherwise a `queued` row is recorded and `BUILD_HOOK_URL` is called: a GitHub `repository_dispatch` URL
 *    (`https://api.github.com/repos/OWNER/REPO/dispatches`, with `GITHUB_TOKEN`) or a Netlify / Cloudflare Pages
 *    build hook. The deploy workflow (or the host's build command, `node scripts/deploy-build.mjs`) takes the row
 *    from there to building, succeeded or failed. A hook that refuses marks the row failed with its answer.
 */

// The CORS headers kept in step with the headers supabase-js sends (`@supabase/supabase-js/cors`, 2.95.0 and
// later). Node resolves it from node_modules; the Edge Functions through their deno.json, which maps it to the
// same pinned npm version.
import { corsHeaders as supabaseCorsHeaders } from '@supabase/supabase-js/cors';

type CreateClient = (url: string, key: string, options?: any) => any;

export interface RebuildDeps {
  supabaseUrl: string;
  /** The public key the caller's own client is made with: the publishable key (`sb_publishable_…`) or the anon JWT. */
  anonKey: string;
  /**
   * The keys that stand for the service role: secret keys (`sb_secret_…`) and/or the legacy `service_role` JWT.
   * A caller presenting any of them is the CLI (`npm run publish`); the first one writes `site_builds`.
   */
  serviceKeys: string[];
  buildHookUrl: string | undefined;
  githubToken?: string;
  createClient: CreateClient;
  fetch?: typeof fetch;
}

/** The SDK's CORS headers, allowing only the methods these functions answer. */
export const corsHeaders: Record<string, string> = {
  ...supabaseCorsHeaders,
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
};

/** A queued build older than this was never taken by the host (its runs take a few minutes at most). */
export const STALE_QUEUED_MS = 30 * 60_000;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { ...corsHeaders, 'Content-Type': 'application/json' } });

/**
 * The claims of a JWT, unverified: only used to pick the admin check for a user's token, which Supabase Auth
 * then verifies (`auth.getUser`) before anything is done for it.
 */
function claimsOf(token: string): Record<string, unknown> {
  try {
    const part = token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/');
    return JSON.parse(atob(part + '='.repeat((4 - (part.length % 4)) % 4)));
  } catch {
    return {};
  }
}

/** Compares two keys in time that depends on their length only, not on where they first differ. */
function sameKey(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/**
 * Whether the request carries one of the service keys, as the bearer token or in the `apikey` header. The
 * `apikey` header counts whatever the `Authorization` header holds: only a holder of the key can send it, and the
 * platform may put a token of its own in `Authorization` (Supabase's own server SDK checks `apikey` alone).
 */
function hasServiceKey(req: Request, bearer: string, serviceKeys: string[]): boolean {
  const apikey = (req.headers.get('apikey') ?? '').trim();
  return [bearer, apikey].some((k) => k !== '' && serviceKeys.some((s) => sameKey(k, s)));
}

export async function handleRebuild(req: Request, deps: RebuildDeps): Promise<Response> {
  if (req.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
  if (req.method !== 'POST') return json(405, { error: 'Use POST to ask for a build.' });
  const token = (req.headers.get('Authorization') ?? '').replace(/^Bearer\s+/i, '').trim();
  const noSession = { auth: { persistSession: false, autoRefreshToken: false } };
  const serviceKeys = deps.serviceKeys.filter((k) => typeof k === 'string' && k !== '');

  let trigger: 'admin' | 'cli' = 'admin';
  let requestedBy: string | null = null;
  if (hasServiceKey(req, token, serviceKeys)) {
    trigger = 'cli';
  } else if (token && claimsOf(token).role === 'authenticated') {
    if (!deps.anonKey) {
      return json(500, { error: 'No public key (SUPABASE_PUBLISHABLE_KEYS or SUPABASE_ANON_KEY) for this function.' });
    }
    const asCaller = deps.createClient(deps.supabaseUrl, deps.anonKey, {
      ...noSession,
      global: { headers: { Authorization: `Bearer ${token}` } },
    });
    const { data: user, error: userError } = await asCaller.auth.getUser(token);
    if (userError || !user?.user) return json(401, { error: 'Sign in as an admin to publish the site.' });
    const { data: isAdmin, error } = await asCaller.rpc('is_admin');
    if (error) return json(503, { error: `Could not check your role: ${error.message}` });
    if (!isAdmin) return json(403, { error: 'Only admins can publish the site.' });
    requestedBy = user.user.id;
  } else {
    return json(401, { error: 'Sign in as an admin to publish the site.' });
  }

  let hook: URL;
  try {
    hook = new URL(deps.buildHookUrl ?? '');
  } catch {
    return json(500, { error: 'BUILD_HOOK_URL is not set to a URL for this function.' });
  }
  if (!serviceKeys.length) {
    return json(500, {
      error: 'No service key (SUPABASE_SECRET_KEYS or SUPABASE_SERVICE_ROLE_KEY) for this function.',
    });
  }
  const db = deps.createClient(deps.supabaseUrl, serviceKeys[0], noSession);

  const waitingBuild = async () => {
    const { data, error } = await db
      .from('site_builds')
      .select('id, status, requested_at')
      .eq('status', 'queued')
      .limit(1);
    if (error) throw new Error(`Could not read the build queue: ${error.message}`);
    const row = data?.[0] as { id: number; status: string; requested_at: string } | undefined;
    if (row && Date.now() - Date.parse(row.requested_at) > STALE_QUEUED_MS) {
      // The host never took this build (a lost hook call, a run that died before recording anything): fail it,
      // so that it stops absorbing every later publish.
      await db
        .from('site_builds')
        .update({
          status: 'failed',
          error: 'The build host never started this build.',
          finished_at: new Date().toISOString(),
        })
        .eq('id', row.id)
        .eq('status', 'queued');
      return undefined;
    }
    return row && { id: row.id, status: row.status };
  };
  let build: { id: number; status: string };
  try {
    const waiting = await waitingBuild();
    if (waiting) return json(202, { build: waiting, coalesced: true });
    const { data, error } = await db
      .from('site_builds')
      .insert({ status: 'queued', trigger, requested_by: requestedBy })
      .select('id, status')
      .single();
    if (error?.code === '23505') {
      // Another request queued a build a moment ago (site_builds_one_queued_idx): join it.
      const joined = await waitingBuild();
      if (joined) return json(202, { build: joined, coalesced: true });
    }
    if (error) throw new Error(`Could not record the build: ${error.message}`);
    build = data;
  } catch (err) {
    return json(503, { error: err instanceof Error ? err.message : String(err) });
  }

  const github = hook.hostname === 'api.github.com';
  let answer: Response | undefined;
  let failure = '';
  try {
    answer = await (deps.fetch ?? fetch)(hook, {
      method: 'POST',
      headers: github
        ? {
            Accept: 'application/vnd.github+json',
            Authorization: `Bearer ${deps.githubToken ?? ''}`,
            'Content-Type': 'application/json',
            // GitHub's REST API refuses requests without a User-Agent, and answers the version asked for.
            'User-Agent': 'boudha-mandala-rebuild-site',
            'X-GitHub-Api-Version': '2022-11-28',
          }
        : { 'Content-Type': 'application/json' },
      body: github ? JSON.stringify({ event_type: 'rebuild-site', client_payload: { build_id: build.id } }) : '{}',
    });
    if (!answer.ok) failure = `The build hook answered ${answer.status}: ${(await answer.text()).slice(0, 500)}`;
  } catch (err) {
    failure = `The build hook could not be reached: ${err instanceof Error ? err.message : String(err)}`;
  }
  if (failure) {
    await db
      .from('site_builds')
      .update({ status: 'failed', error: failure, finished_at: new Date().toISOString() })
      .eq('id', build.id);
    return json(502, { error: failure, build: { id: build.id, status: 'failed' } });
  }
  return json(202, { build, coalesced: false });
}
