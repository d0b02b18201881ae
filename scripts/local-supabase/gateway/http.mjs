// @ts-check
/** Small HTTP helpers shared by the gateway's handlers. */
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';

/**
 * What Hono's Node adapter gives every route: Node's own request and response. The gateway's handlers write the
 * response themselves (streamed downloads, PostgREST's answer piped through, bodies read within a limit and a
 * lingering close after a refusal), which the adapter allows when a route answers RESPONSE_ALREADY_SENT.
 * @typedef {{ Bindings: { incoming: import('node:http').IncomingMessage, outgoing: import('node:http').ServerResponse } }} GatewayEnv
 * @typedef {import('hono').Context<GatewayEnv>} GatewayContext
 * @typedef {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse, url: URL, c: GatewayContext) => Promise<void> | void} NodeRoute
 */

/**
 * A Hono route from a handler written against Node's request and response; what it throws goes to the gateway's
 * onError (index.mjs).
 * @param {NodeRoute} handler
 */
export function nodeRoute(handler) {
  return async (/** @type {GatewayContext} */ c) => {
    const req = c.env.incoming;
    await handler(req, c.env.outgoing, new URL(req.url ?? '/', 'http://localhost'), c);
    return RESPONSE_ALREADY_SENT;
  };
}

/** A route that answers every request it matches with `err` (the catch-alls at the end of each route group). */
export const refuse = (/** @type {() => HttpError} */ err) => () => {
  throw err();
};

export class HttpError extends Error {
  /**
   * @param {number} status
   * @param {Record<string, unknown>} body JSON body to answer with.
   * @param {Record<string, string>} [headers] Extra response headers (Retry-After).
   */
  constructor(status, body, headers = {}) {
    super(String(body.message ?? body.msg ?? status));
    this.status = status;
    this.body = body;
    this.headers = headers;
  }
}

/** How long a client has to send a whole request body unless told otherwise (see limits.mjs). */
export const BODY_TIMEOUT_MS = 10_000;

/** @param {number} limit */
export const payloadTooLarge = (limit) =>
  new HttpError(413, {
    code: 'request_entity_too_large',
    message: `Payload too large: the request body is over the limit of ${limit} bytes`,
  });

/**
 * After an answer given before the request body was read (too large, too slow, refused before an upload), a
 * lingering close, as nginx and Storage do it. Reading stops at once; the answer goes out and the connection is
 * half-closed; the client gets `graceMs` to read the answer and stop (closing at once would reset the connection
 * under it, and the answer could be lost); then what still comes is read and thrown away, up to `lingerBytes` and
 * until `lingerMs` after the answer, and a client that goes on is cut off. Nothing of the body is kept.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {{ graceMs?: number, lingerMs?: number, lingerBytes?: number }} [opts]
 */
export function discardRest(req, res, { graceMs = 250, lingerMs = 3000, lingerBytes = 1024 * 1024 } = {}) {
  if (req.complete || req.destroyed) return;
  const socket = req.socket;
  // Reading stops, by Node's own back-pressure: the request is paused, and read(0) marks it as being consumed, so
  // Node does not drain it when the answer finishes (it would otherwise read the whole body to throw it away); the
  // HTTP parser stops reading the socket once the request's buffer is full, a few dozen kilobytes on.
  req.pause();
  req.read(0);
  const readAgain = () => {
    if (!socket.destroyed) req.resume();
  };
  res.once('finish', () => {
    if (socket.destroyed) return;
    if (req.complete) return readAgain(); // the rest of a small body was in already: carry on as usual
    const base = socket.bytesRead;
    /** @type {NodeJS.Timeout | undefined} */
    let watch;
    const cut = () => {
      clearTimeout(timer);
      clearInterval(watch);
      socket.destroy();
    };
    const timer = setTimeout(cut, lingerMs);
    // A client that closes during the grace period leaves nothing behind: no watch is started for it.
    const grace = setTimeout(() => {
      if (socket.destroyed) return;
      readAgain();
      watch = setInterval(() => {
        if (socket.bytesRead - base > lingerBytes) cut();
      }, 10);
    }, graceMs);
    socket.once('close', () => {
      clearTimeout(timer);
      clearTimeout(grace);
      clearInterval(watch);
    });
    socket.end();
  });
}

/**
 * The declared Content-Length of a request, or undefined (chunked, or none).
 * @param {import('node:http').IncomingMessage} req
 */
export function declaredLength(req) {
  const raw = req.headers['content-length'];
  if (raw === undefined || !/^\d+$/.test(raw)) return undefined;
  return Number(raw);
}

const ALLOWED_HEADERS =
  'authorization, x-client-info, apikey, content-type, prefer, range, accept-profile, content-profile, x-upsert, ' +
  'cache-control, x-supabase-api-version, x-metadata, content-encoding';

/**
 * CORS as Supabase answers it, but reflecting the caller's Origin (so credentials could be sent) and exposing
 * the headers supabase-js reads (Content-Range for counts).
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 */
export function setCors(req, res) {
  const origin = req.headers.origin;
  res.setHeader('Access-Control-Allow-Origin', origin || '*');
  if (origin) res.setHeader('Vary', 'Origin');
  res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
  res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] || ALLOWED_HEADERS);
  res.setHeader(
    'Access-Control-Expose-Headers',
    'Content-Range, Content-Location, Content-Type, Location, X-Supabase-Api-Version',
  );
  res.setHeader('Access-Control-Max-Age', '86400');
}

/**
 * @param {import('node:http').ServerResponse} res
 * @param {number} status
 * @param {unknown} body
 * @param {Record<string, string>} [headers]
 */
export function sendJson(res, status, body, headers = {}) {
  const text = body === undefined ? '' : JSON.stringify(body);
  res.writeHead(status, {
    ...(text ? { 'Content-Type': 'application/json; charset=utf-8' } : {}),
    'Content-Length': String(Buffer.byteLength(text)),
    ...headers,
  });
  res.end(text);
}

/**
 * Reads the whole request body, refusing more than `limit` bytes (413, at once when the declared length says so)
 * and a body that takes longer than `timeoutMs` to arrive (408). Once refused, nothing more is kept: the gateway
 * answers and discards the rest for a bounded time (discardRest, from index.mjs).
 * @param {import('node:http').IncomingMessage} req
 * @param {number} limit
 * @param {{ timeoutMs?: number, tooLarge?: () => HttpError }} [opts]
 * @returns {Promise<Buffer>}
 */
export function readBody(req, limit, { timeoutMs = BODY_TIMEOUT_MS, tooLarge = () => payloadTooLarge(limit) } = {}) {
  return new Promise((resolve, reject) => {
    const declared = declaredLength(req);
    if (declared !== undefined && declared > limit) return reject(tooLarge());
    if (req.readableEnded) return resolve(Buffer.alloc(0));
    /** @type {Buffer[]} */
    let chunks = [];
    let size = 0;
    let settled = false;
    const timer = setTimeout(
      () => fail(new HttpError(408, { code: 'request_timeout', message: 'The request body did not arrive in time' })),
      timeoutMs,
    );
    const cleanup = () => {
      settled = true;
      clearTimeout(timer);
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
    };
    /** @param {Error} err */
    const fail = (err) => {
      if (settled) return;
      cleanup();
      chunks = [];
      reject(err);
    };
    const onData = (/** @type {Buffer} */ chunk) => {
      size += chunk.length;
      if (size > limit) return fail(tooLarge());
      chunks.push(chunk);
    };
    const onEnd = () => {
      if (settled) return;
      cleanup();
      resolve(Buffer.concat(chunks, size));
    };
    const onError = (/** @type {Error} */ err) => fail(err);
    // The client went away before the body was complete.
    const onClose = () => fail(new HttpError(400, { code: 'request_aborted', message: 'The request was aborted' }));
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}

/**
 * Parses a JSON request body into an object; an empty body is {}.
 * @param {import('node:http').IncomingMessage} req
 * @param {number} [limit]
 * @returns {Promise<Record<string, any>>}
 */
export async function readJson(req, limit = 1_000_000) {
  const raw = await readBody(req, limit);
  if (!raw.length) return {};
  try {
    const value = JSON.parse(raw.toString('utf8'));
    if (value && typeof value === 'object' && !Array.isArray(value)) return value;
  } catch {
    /* fall through */
  }
  throw new HttpError(400, { code: 'bad_json', message: 'Could not parse request body as JSON' });
}

/**
 * The bearer token of a request, if any.
 * @param {import('node:http').IncomingMessage} req
 */
export function bearer(req) {
  const h = req.headers.authorization;
  if (!h) return undefined;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(h);
  return m ? m[1] : undefined;
}
