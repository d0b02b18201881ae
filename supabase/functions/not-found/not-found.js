// @ts-check
/**
 * The 404 monitor (#29, D28): the logic of the `not-found` function, shared by its Deno entry point (./index.ts) and
 * the local stack's gateway (scripts/local-supabase/guest-functions.mjs), on web-standard Request and Response with
 * injected dependencies, as the guest-message functions (../_shared/guest-messages.js). Plain JavaScript with JSDoc
 * types, for Node and Deno alike.
 *
 * The 404 page sends `{"path": "/missing/", "referrer": "www.google.com"}` with navigator.sendBeacon (as text/plain,
 * so no preflight); a request, in order:
 * 1. One path: a JSON object with a `path` (and optionally `referrer`), or the path alone as plain text, in at most
 *    BODY_LIMIT bytes (413 past it); anything else is 400 (415 for another content type), and nothing is stored.
 * 2. The path normalised and classified (src/lib/host/not-found-paths.mjs): a probe counts in the one probes row.
 * 3. A slot under the rate limits (public.claim_guest_message_slot, kind 'not_found': per client IP, per path, and a
 *    ceiling in all, held in the database as for the guest messages), else 429 and nothing stored.
 * 4. A path the site redirects anyway (an active redirect, or a routing alias of D5) is answered and not stored:
 *    the host's matcher (src/lib/host/redirects.mjs) decides, as on the site server and the 404 page.
 * 5. public.record_not_found(path, referrer host), with the service role: one row per path, its count, first and
 *    last seen, the referrer's host. Never an IP address, a user agent or a cookie: the IP is only hashed (HMAC)
 *    for the rate limit, as for the guest messages, and pruned after a day.
 */
import { corsHeaders, keyedHash, rateLimitAddress, readBounded } from '../_shared/guest-messages.js';
import { notFoundPath, PROBES_PATH, referrerHost } from '../../../src/lib/host/not-found-paths.mjs';
import { hostRedirect, matchRedirect, ROUTING_REDIRECTS } from '../../../src/lib/host/redirects.mjs';

/** The largest body taken: a path at its bound and a referrer, with room to spare. */
export const BODY_LIMIT = 4096;

/**
 * Per client IP and per path (the probes row counting as one path), per window; and a ceiling on all reports in
 * a window. A guest meets a missing page now and then; thirty in ten minutes is a crawler or a script. The claim's
 * own global rate is the guest messages' "hold" threshold, which means nothing here: what refuses is its hard
 * ceiling, twenty times that rate, so `global` is the ceiling divided by 20.
 * @typedef {{ perIp: number, perPath: number, ceiling: number, windowSeconds: number }} NotFoundLimits
 * @type {NotFoundLimits}
 */
export const NOT_FOUND_LIMITS = { perIp: 30, perPath: 300, ceiling: 2000, windowSeconds: 600 };

/** What a caller is told, per answer. */
export const NOT_FOUND_MESSAGES = /** @type {const} */ ({
  recorded: 'Recorded.',
  redirected: 'The site redirects this path: nothing recorded.',
  not_a_path: 'Send the missing page’s path: {"path": "/old-page/"}, or the path alone as plain text.',
  too_large: `Send one path, in at most ${BODY_LIMIT} bytes.`,
  media_type: 'Send the path as JSON ({"path": "/old-page/"}) or as plain text.',
  method: 'Use POST.',
  rate_limited: 'Too many reports from this address. Try again later.',
  failed: 'The path could not be recorded. Try again later.',
});

/**
 * @typedef {object} NotFoundDeps
 * @property {any} db A supabase-js client with a service key.
 * @property {string} hashSecret The key of the HMACs kept for the rate limits (a service key).
 * @property {(req: Request) => string} clientIp The client's IP address, as this deployment can know it ('' unknown).
 * @property {string} [siteUrl] The site's origin: an absolute redirect source on its host counts as a path.
 * @property {Partial<NotFoundLimits>} [limits] Overrides of NOT_FOUND_LIMITS (tests).
 * @property {(line: string) => void} [log]
 */

/**
 * @param {number} status
 * @param {Record<string, unknown>} body
 * @param {Record<string, string>} [headers]
 */
const json = (status, body, headers = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { ...corsHeaders, ...headers, 'Content-Type': 'application/json' },
  });

/**
 * @param {number} status
 * @param {keyof typeof NOT_FOUND_MESSAGES} error
 * @param {string} [message]
 * @param {Record<string, string>} [headers]
 */
const refuse = (status, error, message, headers) =>
  json(status, { ok: false, error, message: message ?? NOT_FOUND_MESSAGES[error] }, headers);

/**
 * The body's text, at most `limit` bytes; null past it (the rest is not read).
 * @param {Request} req
 * @param {number} limit
 */
async function boundedText(req, limit) {
  const bytes = await readBounded(req, limit);
  return bytes && new TextDecoder().decode(bytes);
}

/**
 * The path and referrer a body holds: a JSON object, or a path alone. Undefined when it holds neither.
 * @param {string} text
 * @returns {{ path: unknown, referrer: unknown } | undefined}
 */
export function readReport(text) {
  const body = text.trim();
  if (body.startsWith('/')) return { path: body, referrer: null };
  let value;
  try {
    value = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value) || !('path' in value)) return undefined;
  return { path: value.path, referrer: value.referrer ?? null };
}

/**
 * The host rules of the site's active redirects (seo_redirects rows), as the build writes them: a path source
 * (`/old`, `/news/*`, `/page?id=3`), or an absolute one on the site's own host.
 * @param {Array<{ from_url: string, to_url: string, redirect_type: number }>} rows
 * @param {string} [siteHost]
 */
export function redirectRules(rows, siteHost) {
  /** @type {import('../../../src/lib/host/redirects.mjs').HostRedirect[]} */
  const rules = [];
  for (const row of rows) {
    let from = row.from_url.trim();
    if (/^https?:\/\//i.test(from)) {
      try {
        const url = new URL(from);
        if (!siteHost || url.host !== siteHost) continue;
        from = url.pathname + url.search;
      } catch {
        continue;
      }
    }
    if (!from.startsWith('/')) continue;
    rules.push(hostRedirect({ from, to: row.to_url.trim(), status: row.redirect_type }));
  }
  return [...rules, ...ROUTING_REDIRECTS];
}

/**
 * @param {string | undefined} url
 */
function hostOf(url) {
  try {
    return url ? new URL(url).host : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Answers one report of the 404 page.
 * @param {Request} req
 * @param {NotFoundDeps} deps
 * @returns {Promise<Response>}
 */
export async function handleNotFound(req, deps) {
  if (req.method === 'OPTIONS') return new Response(null, { status: 204, headers: corsHeaders });
  if (req.method !== 'POST') return refuse(405, 'method', undefined, { Allow: 'POST, OPTIONS' });
  const type = (req.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
  if (type && type !== 'text/plain' && type !== 'application/json') return refuse(415, 'media_type');
  const text = await boundedText(req, BODY_LIMIT);
  if (text === null) return refuse(413, 'too_large');
  const report = readReport(text);
  if (!report) return refuse(400, 'not_a_path');
  const checked = notFoundPath(report.path);
  if (!checked.ok) return refuse(400, 'not_a_path', `${checked.reason} ${NOT_FOUND_MESSAGES.not_a_path}`);

  try {
    const limits = { ...NOT_FOUND_LIMITS, ...deps.limits };
    const ip = deps.clientIp(req);
    // An unknown address counts as its own, as for the guest messages: the per-path limit and the ceiling hold.
    const [ipHash, pathHash] = await Promise.all([
      keyedHash(deps.hashSecret, ip ? `ip:${rateLimitAddress(ip)}` : `unknown:${crypto.randomUUID()}`),
      keyedHash(deps.hashSecret, `path:${checked.path}`),
    ]);
    const { data: limited, error: limitError } = await deps.db.rpc('claim_guest_message_slot', {
      p_kind: 'not_found',
      p_ip_hash: ipHash,
      p_email_hash: pathHash,
      p_per_ip: limits.perIp,
      p_per_email: limits.perPath,
      p_global: Math.max(1, Math.floor(limits.ceiling / 20)),
      p_window_seconds: limits.windowSeconds,
    });
    if (limitError) throw new Error(`rate limit check failed: ${limitError.message}`);
    // 'hold' (past the guest messages' global rate) is no refusal here; 'ip', 'email' (the path) and 'global' are.
    if (limited && limited !== 'hold')
      return refuse(429, 'rate_limited', undefined, { 'Retry-After': String(limits.windowSeconds) });

    if (!checked.probe) {
      const { data: rows, error } = await deps.db
        .from('seo_redirects')
        .select('from_url, to_url, redirect_type')
        .eq('is_active', true);
      if (error) throw new Error(`seo_redirects read failed: ${error.message}`);
      const url = new URL(checked.path, 'http://site.invalid');
      if (matchRedirect(redirectRules(rows ?? [], hostOf(deps.siteUrl)), url))
        return json(200, { ok: true, recorded: false, message: NOT_FOUND_MESSAGES.redirected });
    }

    const { error } = await deps.db.rpc('record_not_found', {
      p_path: checked.probe ? PROBES_PATH : checked.path,
      p_referrer_host: checked.probe ? undefined : (referrerHost(report.referrer) ?? undefined),
    });
    if (error) throw new Error(`record_not_found failed: ${error.message}`);
    return json(200, { ok: true, recorded: true, message: NOT_FOUND_MESSAGES.recorded });
  } catch (err) {
    deps.log?.(`[not-found] ${err instanceof Error ? err.message : String(err)}`);
    return refuse(503, 'failed');
  }
}
