// @ts-check
/**
 * The guest-message functions on the local gateway (D22), under the names the site's forms post to: `contact` and
 * `subscribe`, public like their hosted twins (verify_jwt = false). Their logic is the Edge Functions' own
 * (supabase/functions/_shared/guest-messages.js); only two things differ from production:
 * - the client's IP is the address of the socket; X-Forwarded-For counts only when LOCAL_TRUST_FORWARDED_FOR=1
 *   says that a proxy in front of the stack sets it (then its last address, the one that proxy saw);
 * - the email telling staff of a message is a file in DATA_DIR/outbox/ (outbox.mjs).
 */
import { createClient } from '@supabase/supabase-js';
import { BODY_LIMIT, handleGuestMessage } from '../../supabase/functions/_shared/guest-messages.js';
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
 * Registers `contact` and `subscribe` on a stack's function map.
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
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (value === undefined || HOP_BY_HOP.has(name)) continue;
        for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
      }
      const request = new Request(req.url ?? `http://127.0.0.1/functions/v1/${kind}`, {
        method: req.method,
        headers,
        body: req.method === 'GET' || req.method === 'HEAD' ? undefined : new Uint8Array(req.body),
      });
      const ip = localClientIp(req.remoteAddress ?? '', req.headers['x-forwarded-for'], trust);
      return handleGuestMessage(kind, request, {
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
}
