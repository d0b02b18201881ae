// @ts-check
/**
 * Guest messages (D22): the logic of the `contact` and `subscribe` functions, shared by their Deno entry points
 * (../contact and ../subscribe, through ./serve-guest.ts) and by the local stack's gateway
 * (scripts/local-supabase/guest-functions.mjs), on web-standard Request and Response with injected dependencies.
 * Plain JavaScript with JSDoc types: Node runs it as it is (package.json allows Node 22.12, which does not strip
 * TypeScript), Deno runs it beside the TypeScript entries, and tsc checks it through the tests that import it.
 *
 * A request, in order:
 * 1. One message: a form (urlencoded or multipart) or one JSON object. More than BODY_LIMIT bytes is 413; an
 *    array, another type or a field that is not text is 400. Nothing is stored for any of them.
 * 2. The honeypot (`website`, hidden from people) filled: answered as a success, nothing stored.
 * 3. The bounds of D18 (trimmed; an empty phone is null), and an email address without `?`, `&` or spaces.
 * 4. A slot under the rate limits (public.claim_guest_message_slot: per client IP, per address, a global ceiling
 *    per window, held in the database so that they hold across function instances), else 429.
 * 5. One row, inserted with the service role. A newsletter address already subscribed is left alone and answered
 *    exactly as a new one, so nobody can test who subscribed.
 * 6. `contact` only: an email to the hotel's address (contact_details.email), the guest as Reply-To; the row records
 *    whether it went out (notified_at, notification_error). A failed email never undoes the message.
 * 7. The answer: JSON to `fetch` (Accept: application/json), a 303 to a plain form POST: to /thank-you/ on success,
 *    else back to the form (`return_to`) with the error's code in the query. Nothing a guest types goes into a URL.
 */
import { BOUNDS, GUEST_MESSAGES, NOTICE_PREFIX } from './guest-texts.js';

export { BOUNDS, GUEST_MESSAGES, NOTICE_PREFIX };
import { corsHeaders as supabaseCorsHeaders } from '@supabase/supabase-js/cors';

/** @typedef {'contact' | 'subscribe'} GuestKind */
/** @typedef {{ perIp: number, perEmail: number, global: number, windowSeconds: number }} Limits */
/** @typedef {'invalid' | 'rate_limited' | 'bad_request' | 'failed'} ErrorCode */

/**
 * The staff notification of one message.
 * @typedef {object} Email
 * @property {string} to The hotel's address.
 * @property {string} replyTo The guest's address: a reply goes to the guest.
 * @property {string} subject
 * @property {string} text
 * @property {string} idempotencyKey The same for every attempt at one message's email.
 */

/**
 * @typedef {object} GuestDeps
 * @property {any} db A supabase-js client with a service key (the functions write as the service role).
 * @property {string} hashSecret The key of the HMACs stored for rate limits (a service key: secret, and stable).
 * @property {(req: Request) => string} clientIp The client's IP address, as this deployment can know it.
 * @property {(email: Email) => Promise<void>} [sendEmail] Sends the staff notification; throws when it fails.
 * @property {string} [siteUrl] The site's origin for redirects; else the Origin (or Referer) of the request.
 * @property {Partial<Record<GuestKind, Partial<Limits>>>} [limits] Overrides of GUEST_LIMITS (tests).
 * @property {number} [notifyTimeoutMs] How long the email may take before it counts as failed (default 10 s).
 * @property {(line: string) => void} [log]
 */

/**
 * Per client IP, per email address and in all, per window. A guest writes once or twice; a burst is a script. Past
 * the global rate a message is still stored but held from staff's email (the email API's quota); only past 20 times
 * the global rate, the hard ceiling that bounds what a spread-out flood can store, is it refused (#26).
 * @type {Record<GuestKind, Limits>}
 */
export const GUEST_LIMITS = {
  contact: { perIp: 5, perEmail: 3, global: 100, windowSeconds: 600 },
  subscribe: { perIp: 10, perEmail: 3, global: 300, windowSeconds: 600 },
};

/** The largest body taken: a message at its bounds, every character percent-encoded UTF-8, fits. */
export const BODY_LIMIT = 128 * 1024;

/** The form's field names (the table's columns), the honeypot and the page to come back to. */
export const HONEYPOT = 'website';
export const RETURN_TO = 'return_to';

/** Where each function's form lives, when the form does not say (`return_to`). */
const DEFAULT_RETURN = { contact: '/contact/', subscribe: '/blog/' };
/** Where a plain form POST lands on success. */
const SUCCESS_PATH = { contact: '/thank-you/', subscribe: '/thank-you/#subscribed' };

// The address pattern of the database (contact_submissions_email_check), without `?` and `&` in the local part.
const EMAIL = /^[a-z0-9.!#$%'*+/=^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/i;
/** A path of the site to come back to: /contact/, /blog/page/2/. Never another host (`//host`). */
const SITE_PATH = /^\/(?:[A-Za-z0-9._~-]+\/)*$/;

/** The CORS headers of supabase-js (as the rebuild functions send), for the islands' `fetch`. */
export const corsHeaders = { ...supabaseCorsHeaders, 'Access-Control-Allow-Methods': 'POST, OPTIONS' };

class Refusal extends Error {
  /**
   * @param {number} status
   * @param {ErrorCode} code
   * @param {string} [field]
   */
  constructor(status, code, field) {
    super(field ? `${code}: ${field}` : code);
    this.status = status;
    this.code = code;
    this.field = field;
  }
}

/**
 * Characters as Postgres counts them (code points, not UTF-16 units).
 * @param {string} s
 */
const charLength = (s) => [...s].length;

/**
 * Whether an address may be stored: the database's pattern and bounds, no `?`, `&` or white space.
 * @param {string} email
 */
export function isSafeEmail(email) {
  return charLength(email) <= BOUNDS.email && EMAIL.test(email);
}

/**
 * The trimmed text of a field; '' when absent; undefined when it is not text (a file, a number, an object).
 * @param {Record<string, unknown>} fields
 * @param {string} name
 */
function textOf(fields, name) {
  const value = fields[name];
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value.trim() : undefined;
}

/**
 * A contact message within the bounds of D18, as the row to insert, or the first field that is not.
 * @param {Record<string, unknown>} fields
 * @returns {{ ok: true, row: { first_name: string, last_name: string, email: string, phone: string | null, subject: string, message: string } } | { ok: false, field: string }}
 */
export function validateContact(fields) {
  /** @type {Array<[string, number, boolean]>} name, bound, required */
  const rules = [
    ['first_name', BOUNDS.name, true],
    ['last_name', BOUNDS.name, true],
    ['email', BOUNDS.email, true],
    ['phone', BOUNDS.phone, false],
    ['subject', BOUNDS.subject, true],
    ['message', BOUNDS.message, true],
  ];
  /** @type {Record<string, string>} */
  const row = {};
  for (const [name, bound, required] of rules) {
    const raw = textOf(fields, name);
    // Every field but the message is one line: a line break there would start a new line in the staff email (#26).
    const value = raw === undefined || name === 'message' ? raw : raw.replace(/[\r\n\u2028\u2029]+/g, ' ').trim();
    if (value === undefined || (required && value === '') || charLength(value) > bound)
      return { ok: false, field: name };
    if (name === 'email' && !isSafeEmail(value)) return { ok: false, field: name };
    row[name] = value;
  }
  return {
    ok: true,
    row: {
      first_name: row.first_name,
      last_name: row.last_name,
      email: row.email,
      phone: row.phone === '' ? null : row.phone,
      subject: row.subject,
      message: row.message,
    },
  };
}

/**
 * A newsletter address, trimmed and lower-cased (as the table stores it), or the field that is wrong.
 * @param {Record<string, unknown>} fields
 * @returns {{ ok: true, email: string } | { ok: false, field: string }}
 */
export function validateSubscription(fields) {
  const email = textOf(fields, 'email')?.toLowerCase();
  return email && isSafeEmail(email) ? { ok: true, email } : { ok: false, field: 'email' };
}

/**
 * At most `limit` bytes of a request's body, or null when it has more (the rest is not read): the guest functions'
 * and the 404 monitor's one bounded reader.
 * @param {Request} req
 * @param {number} limit
 */
export async function readBounded(req, limit) {
  if (Number(req.headers.get('content-length') ?? 0) > limit) return null;
  if (!req.body) return new Uint8Array(0);
  const reader = req.body.getReader();
  /** @type {Uint8Array[]} */
  const chunks = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/**
 * Reads at most `limit` bytes of the body, refusing more (413) without reading the rest.
 * @param {Request} req
 * @param {number} limit
 */
async function boundedBody(req, limit) {
  const bytes = await readBounded(req, limit);
  if (!bytes) throw new Refusal(413, 'bad_request');
  return bytes;
}

/**
 * The fields of one message: a form's text fields (the first of a repeated name), or one JSON object.
 * @param {Request} req
 * @returns {Promise<Record<string, unknown>>}
 */
async function readFields(req) {
  const contentType = req.headers.get('content-type') ?? '';
  const type = contentType.split(';')[0].trim().toLowerCase();
  const bytes = await boundedBody(req, BODY_LIMIT);
  if (type === 'application/json') {
    let value;
    try {
      value = JSON.parse(new TextDecoder().decode(bytes));
    } catch {
      throw new Refusal(400, 'bad_request');
    }
    // One message per request: an array (a thousand rows in one call) is refused whole.
    if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Refusal(400, 'bad_request');
    return value;
  }
  /** @type {FormData | URLSearchParams} */
  let form;
  if (type === 'application/x-www-form-urlencoded') {
    form = new URLSearchParams(new TextDecoder().decode(bytes));
  } else if (type === 'multipart/form-data') {
    try {
      form = await new Response(bytes, { headers: { 'content-type': contentType } }).formData();
    } catch {
      throw new Refusal(400, 'bad_request');
    }
  } else {
    throw new Refusal(415, 'bad_request');
  }
  /** @type {Record<string, unknown>} */
  const fields = {};
  for (const [name, value] of form) if (!(name in fields)) fields[name] = value;
  return fields;
}

/** @type {{ secret: string, key: Promise<CryptoKey> } | undefined} */
let hmacKey;

/**
 * HMAC-SHA-256 of `value` under `secret`, as hex: what the attempts table stores instead of IPs and addresses
 * (a plain hash of an IPv4 address is reversed by trying all 2^32).
 * @param {string} secret
 * @param {string} value
 */
export async function keyedHash(secret, value) {
  const enc = new TextEncoder();
  if (hmacKey?.secret !== secret) {
    hmacKey = {
      secret,
      key: crypto.subtle.importKey('raw', enc.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']),
    };
  }
  const sig = await crypto.subtle.sign('HMAC', await hmacKey.key, enc.encode(value));
  return Array.from(new Uint8Array(sig), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The part of a client's address the per-IP limit counts (#26): an IPv4 address whole, an IPv6 address by its /64
 * network, since one IPv6 host usually holds a whole /64 and could otherwise take a new address for every message.
 * An IPv4-mapped IPv6 address counts as its IPv4 address. Anything else is returned as it is.
 * @param {string} ip
 */
export function rateLimitAddress(ip) {
  const address = ip.trim().replace(/%.*$/, '').toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address);
  if (mapped) return mapped[1];
  if (!address.includes(':') || !/^[0-9a-f:.]+$/.test(address)) return address;
  const [head, tail = ''] = address.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = address.includes('::') ? (tail ? tail.split(':') : []) : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  if (missing < 0 || (!address.includes('::') && missing !== 0)) return address;
  const groups = [...headGroups, ...Array(missing).fill('0'), ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((g) => (parseInt(g, 16) || 0).toString(16))
    .join(':')}::/64`;
}

/**
 * The client's address in production, from a header a client cannot set (#26): `cf-connecting-ip`, which
 * Cloudflare, in front of hosted Supabase, sets to the address that connected to it, replacing any value a client
 * sent (https://developers.cloudflare.com/fundamentals/reference/http-headers/); else `x-real-ip`, which the
 * gateway in front of a self-hosted Supabase sets the same way. Never `x-forwarded-for`: its first address is
 * whatever the client wrote. Supabase names no header as a contract (github.com/orgs/supabase/discussions/52040),
 * so with neither header the address is unknown ('') and the per-IP limit does not apply to that message: the
 * per-address limit, the global rate and its ceiling still hold, and the log says so.
 * @param {Request} req
 */
export function clientIpFromHeaders(req) {
  for (const name of ['cf-connecting-ip', 'x-real-ip']) {
    const value = req.headers.get(name)?.trim();
    if (value && !value.includes(',')) return value;
  }
  return '';
}

/**
 * @param {string | null | undefined} value
 * @returns {string | undefined}
 */
function originOf(value) {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * @param {string} text
 */
const oneLine = (text) => text.replace(/\s+/g, ' ').trim();

/**
 * The email telling staff of a new message: to the hotel, replying to the guest.
 * @param {{ id: string, created_at: string, first_name: string, last_name: string, email: string, phone: string | null, subject: string, message: string }} row
 * @param {{ email: string, hotel_name?: string | null }} hotel
 * @param {string} [siteUrl]
 * @returns {Email}
 */
export function composeNotification(row, hotel, siteUrl) {
  const name = oneLine(`${row.first_name} ${row.last_name}`);
  const subject = oneLine(`New message from ${name}: ${row.subject}`);
  const admin = siteUrl ? `${siteUrl.replace(/\/+$/, '')}/admin/#submissions` : 'the admin, tab Submissions';
  const text = [
    `${name} wrote through the contact form of the ${hotel.hotel_name || 'hotel'} website.`,
    '',
    `Subject: ${oneLine(row.subject)}`,
    `Email:   ${row.email}`,
    `Phone:   ${row.phone ?? '(not given)'}`,
    `Sent:    ${new Date(row.created_at).toUTCString()}`,
    '',
    row.message,
    '',
    '--',
    `Reply to this email to answer ${oneLine(row.first_name)} at ${row.email}.`,
    `Every message is also in ${admin}.`,
    '',
  ].join('\n');
  return {
    to: hotel.email,
    replyTo: row.email,
    subject: subject.length > 250 ? `${subject.slice(0, 247)}...` : subject,
    text,
    idempotencyKey: `contact-submission-${row.id}`,
  };
}

/**
 * Sends a notification through Resend's API (https://resend.com/docs/api-reference/emails/send-email): the API key
 * and a sender on a verified domain come from the function's secrets (docs/deploy.md).
 * @param {{ apiKey?: string, from?: string, fetch?: typeof fetch }} opts
 * @returns {(email: Email) => Promise<void>}
 */
export function resendMailer({ apiKey, from, fetch: fetchImpl = fetch }) {
  return async (email) => {
    if (!apiKey) throw new Error('RESEND_API_KEY is not set for this function.');
    if (!from) throw new Error('EMAIL_FROM is not set for this function.');
    const res = await fetchImpl('https://api.resend.com/emails', {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${apiKey}`,
        'Content-Type': 'application/json',
        // Resend refuses requests without a User-Agent; a retried message is sent once.
        'User-Agent': 'boudha-mandala-contact',
        'Idempotency-Key': email.idempotencyKey,
      },
      body: JSON.stringify({
        from,
        to: [email.to],
        reply_to: email.replyTo,
        subject: email.subject,
        text: email.text,
      }),
    });
    if (!res.ok) throw new Error(`Resend answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  };
}

/**
 * @template T
 * @param {Promise<T>} promise
 * @param {number} ms
 * @returns {Promise<T>}
 */
function withTimeout(promise, ms) {
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  return Promise.race([
    promise,
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`The email was not sent within ${ms / 1000} s.`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/**
 * Emails staff about a stored message and records on the row whether it went out. Never throws: the message is
 * stored already, and its guest is answered as a success whatever happens here.
 * @param {GuestDeps} deps
 * @param {Parameters<typeof composeNotification>[0]} row
 */
async function notifyStaff(deps, row) {
  let failure = '';
  try {
    if (!deps.sendEmail) throw new Error('No email sender is configured for this function.');
    const { data: hotel, error } = await deps.db
      .from('contact_details')
      .select('hotel_name, email')
      .limit(1)
      .maybeSingle();
    if (error) throw new Error(`Could not read the hotel's address: ${error.message}`);
    if (!hotel?.email) throw new Error('contact_details has no email address to notify.');
    await withTimeout(deps.sendEmail(composeNotification(row, hotel, deps.siteUrl)), deps.notifyTimeoutMs ?? 10_000);
  } catch (err) {
    failure = (err instanceof Error ? err.message : String(err)).slice(0, 1000) || 'The email failed.';
  }
  try {
    const { error } = await deps.db
      .from('contact_submissions')
      .update(failure ? { notification_error: failure } : { notified_at: new Date().toISOString() })
      .eq('id', row.id);
    if (error) throw error;
  } catch (err) {
    const why = err instanceof Error ? err.message : String(/** @type {any} */ (err)?.message ?? err);
    deps.log?.(`[contact] could not record the notification of ${row.id}: ${why}`);
  }
  if (failure) deps.log?.(`[contact] message ${row.id} stored, staff email failed: ${failure}`);
}

/**
 * @param {GuestKind} kind
 * @param {Request} req
 * @param {GuestDeps} deps
 * @param {{ ok: true } | Refusal} outcome
 * @param {Record<string, unknown>} fields
 */
function answer(kind, req, deps, outcome, fields) {
  const messages = /** @type {Record<string, string>} */ (GUEST_MESSAGES[kind]);
  const accept = req.headers.get('accept') ?? '';
  const contentType = req.headers.get('content-type') ?? '';
  const wantsJson = /\bapplication\/json\b/i.test(accept) || /^\s*application\/json\b/i.test(contentType);
  const limits = { ...GUEST_LIMITS[kind], ...deps.limits?.[kind] };
  /** @type {Record<string, string>} */
  const headers = { ...corsHeaders, Vary: 'Accept' };
  if (outcome instanceof Refusal && outcome.code === 'rate_limited')
    headers['Retry-After'] = String(limits.windowSeconds);
  const key = outcome instanceof Refusal ? (outcome.field ?? outcome.code) : 'sent';
  const message = messages[key] ?? messages.failed;
  const status = outcome instanceof Refusal ? outcome.status : 200;

  if (wantsJson) {
    const body =
      outcome instanceof Refusal
        ? { ok: false, error: outcome.code, ...(outcome.field ? { field: outcome.field } : {}), message }
        : { ok: true, message };
    return new Response(JSON.stringify(body), { status, headers: { ...headers, 'Content-Type': 'application/json' } });
  }

  const base = originOf(deps.siteUrl) ?? originOf(req.headers.get('origin')) ?? originOf(req.headers.get('referer'));
  if (!base) {
    // Nowhere known to send the browser back to (no site URL, no Origin): say it in plain text.
    return new Response(`${message}\n`, {
      status,
      headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8' },
    });
  }
  let location = `${base}${SUCCESS_PATH[kind]}`;
  if (outcome instanceof Refusal) {
    const wanted = typeof fields[RETURN_TO] === 'string' ? fields[RETURN_TO] : '';
    const path = SITE_PATH.test(wanted) ? wanted : DEFAULT_RETURN[kind];
    const query = new URLSearchParams({ error: outcome.code, ...(outcome.field ? { field: outcome.field } : {}) });
    location = `${base}${path}?${query}#${NOTICE_PREFIX[kind]}${key}`;
  }
  return new Response(null, { status: 303, headers: { ...headers, Location: location } });
}

/**
 * Answers one request to the `contact` or `subscribe` function.
 * @param {GuestKind} kind
 * @param {Request} req
 * @param {GuestDeps} deps
 * @returns {Promise<Response>}
 */
export async function handleGuestMessage(kind, req, deps) {
  if (req.method === 'OPTIONS') return new Response(null, { status: 204, headers: corsHeaders });
  if (req.method !== 'POST') {
    return new Response(JSON.stringify({ ok: false, error: 'bad_request', message: 'Use POST.' }), {
      status: 405,
      headers: { ...corsHeaders, Allow: 'POST, OPTIONS', 'Content-Type': 'application/json' },
    });
  }
  /** @type {Record<string, unknown>} */
  let fields = {};
  try {
    fields = await readFields(req);
    // A bot that fills the field people never see is thanked and dropped.
    if (textOf(fields, HONEYPOT) !== '') return answer(kind, req, deps, { ok: true }, fields);

    const checked = kind === 'contact' ? validateContact(fields) : validateSubscription(fields);
    if (!checked.ok) throw new Refusal(400, 'invalid', checked.field);
    const email = 'row' in checked ? checked.row.email : checked.email;

    const limits = { ...GUEST_LIMITS[kind], ...deps.limits?.[kind] };
    const ip = deps.clientIp(req);
    // An unknown address counts as its own: one shared bucket would refuse every guest after the first few.
    if (!ip) deps.log?.(`[${kind}] no client address header: the per-IP limit does not apply to this message`);
    const [ipHash, emailHash] = await Promise.all([
      keyedHash(deps.hashSecret, ip ? `ip:${rateLimitAddress(ip)}` : `unknown:${crypto.randomUUID()}`),
      keyedHash(deps.hashSecret, `email:${email.toLowerCase()}`),
    ]);
    const { data: limited, error: limitError } = await deps.db.rpc('claim_guest_message_slot', {
      p_kind: kind,
      p_ip_hash: ipHash,
      p_email_hash: emailHash,
      p_per_ip: limits.perIp,
      p_per_email: limits.perEmail,
      p_global: limits.global,
      p_window_seconds: limits.windowSeconds,
    });
    if (limitError) throw new Error(`rate limit check failed: ${limitError.message}`);
    // Past the hard ceiling of a flood from many addresses: not this guest's doing, so "try again", not "too many".
    if (limited === 'global') {
      deps.log?.(`[${kind}] over the hard ceiling (${limits.global * 20} in ${limits.windowSeconds} s): refused`);
      throw new Refusal(503, 'failed');
    }
    // Past the global rate: stored, held from staff's email (#26).
    const held = limited === 'hold';
    if (limited && !held) throw new Refusal(429, 'rate_limited');

    if ('row' in checked) {
      const { data: row, error } = await deps.db
        .from('contact_submissions')
        .insert(held ? { ...checked.row, held_at: new Date().toISOString() } : checked.row)
        .select('id, created_at, first_name, last_name, email, phone, subject, message')
        .single();
      if (error) throw new Error(`contact_submissions insert failed: ${error.message}`);
      if (held) deps.log?.(`[${kind}] message ${row.id} held: past the global rate, not emailed to staff`);
      else await notifyStaff(deps, row);
    } else {
      // ON CONFLICT DO NOTHING: an address already there gets the same answer as a new one.
      const { error } = await deps.db
        .from('newsletter_subscribers')
        .upsert({ email }, { onConflict: 'email', ignoreDuplicates: true });
      if (error) throw new Error(`newsletter_subscribers insert failed: ${error.message}`);
    }
    return answer(kind, req, deps, { ok: true }, fields);
  } catch (err) {
    if (err instanceof Refusal) return answer(kind, req, deps, err, fields);
    deps.log?.(`[${kind}] ${err instanceof Error ? err.message : String(err)}`);
    return answer(kind, req, deps, new Refusal(503, 'failed'), fields);
  }
}
