// @ts-check
/**
 * The guest-message functions on the local gateway (D22), under the names the site's forms post to: `contact` and
 * `subscribe`, public like their hosted twins (verify_jwt = false); and the 404 monitor's `not-found` (#29, D28),
 * to which the 404 page reports a missing path. Their logic is the Edge Functions' own
 * (supabase/functions/_shared/guest-messages.js, supabase/functions/not-found/not-found.js); only two things differ
 * from production:
 * - the client's IP is the address of the socket; X-Forwarded-For counts only when LOCAL_TRUST_FORWARDED_FOR=1
 *   says that a proxy in front of the stack sets it (then its last address, the one that proxy saw);
 * - the email telling staff of a message is a file in DATA_DIR/outbox/ (outbox.mjs).
 */
import { createClient } from '@supabase/supabase-js';
import { BODY_LIMIT, handleGuestMessage } from '../../supabase/functions/_shared/guest-messages.js';
import { BODY_LIMIT as NOT_FOUND_BODY_LIMIT, handleNotFound } from '../../supabase/functions/not-found/not-found.js';
import { outboxDir, outboxMailer } from './outbox.mjs';
import { stackEnvironment } from './env.mjs';

/** @type {ReadonlyArray<'contact' | 'subscribe'>} */
export const GUEST_FUNCTIONS = ['contact', 'subscribe'];

/** Headers a Request may not carry over from the connection that brought it. */
const HOP_BY_HOP = new Set([
  'host',
  'connection',
  'content-length',
  'transfer-encoding',
  'keep-alive',
  'upgrade',
  'expect',
]);

/**
 * The client's address: the socket's, or with a trusted proxy in front, the last X-Forwarded-For entry (the
 * address that proxy saw; the entries before it are whatever the client sent).
 * @param {string} remoteAddress
 * @param {string | string[] | undefined} forwardedFor
 * @param {boolean} trustForwardedFor
 */
export function localClientIp(remoteAddress, forwardedFor, trustForwardedFor) {
  if (trustForwardedFor && forwardedFor) {
    const hops = String(forwardedFor)
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean);
    if (hops.length) return hops[hops.length - 1];
  }
  return remoteAddress.replace(/^::ffff:/, '') || 'unknown';
}

/**
 * The web-standard Request of a gateway request to function `name`.
 * @param {Parameters<import('./gateway/functions.mjs').FunctionHandler>[0]} req
 * @param {string} name
 */
function webRequest(req, name) {
  const headers = new Headers();
  for (const [header, value] of Object.entries(req.headers)) {
    if (value === undefined || HOP_BY_HOP.has(header)) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(header, v);
  }
  return new Request(req.url ?? `http://127.0.0.1/functions/v1/${name}`, {
    method: req.method,
    headers,
    body: req.method === 'GET' || req.method === 'HEAD' ? undefined : new Uint8Array(req.body),
  });
}

/**
 * Registers `contact`, `subscribe` and `not-found` on a stack's function map.
 * @param {Map<string, import('./gateway/functions.mjs').FunctionHandler>} functions
 * @param {{ apiUrl: string, serviceRoleKey: string, dataDir: string, trustForwardedFor?: boolean, log?: (line: string) => void }} opts
 */
export function registerGuestFunctions(functions, opts) {
  const trust = opts.trustForwardedFor ?? stackEnvironment().LOCAL_TRUST_FORWARDED_FOR;
  const db = createClient(opts.apiUrl, opts.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const sendEmail = outboxMailer(outboxDir(opts.dataDir));
  for (const kind of GUEST_FUNCTIONS) {
    /** @type {import('./gateway/functions.mjs').FunctionHandler} */
    const handler = async (req) => {
      const ip = localClientIp(req.remoteAddress ?? '', req.headers['x-forwarded-for'], trust);
      return handleGuestMessage(kind, webRequest(req, kind), {
        db,
        hashSecret: opts.serviceRoleKey,
        clientIp: () => ip,
        sendEmail,
        log: opts.log,
      });
    };
    handler.verifyJwt = false;
    // The gateway reads no more of a request than the function takes (#26: it read 5 MiB for a 128 KB form).
    handler.maxBodyBytes = BODY_LIMIT;
    functions.set(kind, handler);
  }
  /** @type {import('./gateway/functions.mjs').FunctionHandler} */
  const notFound = async (req) => {
    const ip = localClientIp(req.remoteAddress ?? '', req.headers['x-forwarded-for'], trust);
    return handleNotFound(webRequest(req, 'not-found'), {
      db,
      hashSecret: opts.serviceRoleKey,
      clientIp: () => ip,
      log: opts.log,
    });
  };
  notFound.verifyJwt = false;
  notFound.maxBodyBytes = NOT_FOUND_BODY_LIMIT;
  functions.set('not-found', notFound);
}
