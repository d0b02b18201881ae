// @ts-check
/**
 * /functions/v1/<name>: handlers registered by name, behind the same JWT check as Supabase's Edge Functions
 * (verify_jwt: a valid project token is required: a user's access token, or the anon or service key). A handler
 * marked `verifyJwt = false` is public, as `verify_jwt = false` makes a hosted function: the guest-message functions,
 * which plain HTML forms post to without any header (supabase/config.toml).
 */
import { Hono } from 'hono';
import { HttpError, discardRest, sendJson, readBody, bearer, nodeRoute } from './http.mjs';
import { verify } from './jwt.mjs';

/**
 * @typedef {object} FunctionRequest
 * @property {string} method
 * @property {import('node:http').IncomingHttpHeaders} headers
 * @property {Buffer} body
 * @property {Record<string, any>} claims The verified JWT claims of the caller ({} for a public function).
 * @property {string | undefined} token The caller's bearer token.
 * @property {string} [url] The request's URL on the gateway.
 * @property {string} [remoteAddress] The address of the socket the request came on.
 *
 * @typedef {{ status: number, body?: unknown, headers?: Record<string, string> }} FunctionResponse
 * @typedef {((req: FunctionRequest) => Promise<FunctionResponse | Response>) & { verifyJwt?: boolean, maxBodyBytes?: number }} FunctionHandler
 *   A handler answers a JSON body, or a web Response as it is (a redirect, another type). `maxBodyBytes`: the most
 *   this function takes (the guest functions' 128 KB); the gateway reads no more for it (413 past it).
 */

/**
 * At most this many requests to the public functions (verify_jwt off) are handled at once; more get 503 with
 * Retry-After (#26: 40 slow connections held 200 MB of bodies). A guest's form retries, and the island says so.
 */
export const MAX_PUBLIC_CONCURRENT = 16;

/**
 * @param {{ key: Uint8Array, functions: Map<string, FunctionHandler>, maxBodyBytes?: number, bodyTimeoutMs?: number }} ctx
 */
export function createFunctionsHandler(ctx) {
  let publicInFlight = 0;
  /**
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   * @param {URL} url
   * @param {string} rest Path after /functions/v1.
   */
  return async function handleFunction(req, res, url, rest) {
    const name = rest.replace(/^\/+/, '').split('/')[0];
    const fn = ctx.functions.get(name);
    if (!fn) throw new HttpError(404, { code: 'NOT_FOUND', message: 'Requested function was not found' });
    const token = bearer(req);
    /** @type {Record<string, any>} */
    let claims = {};
    if (fn.verifyJwt !== false) {
      if (!token) throw new HttpError(401, { code: 401, message: 'Missing authorization header' });
      const verified = await verify(token, ctx.key);
      if (!verified) throw new HttpError(401, { code: 401, message: 'Invalid JWT' });
      claims = verified;
    }
    const limit = Math.min(fn.maxBodyBytes ?? Infinity, ctx.maxBodyBytes ?? 1_000_000);
    const isPublic = fn.verifyJwt === false;
    if (isPublic && publicInFlight >= MAX_PUBLIC_CONCURRENT) {
      throw new HttpError(
        503,
        { code: 'too_busy', message: 'Too many requests are being handled; try again in a moment.' },
        { 'Retry-After': '2' },
      );
    }
    if (isPublic) publicInFlight++;
    try {
      return await run(fn, req, res, url, token, claims, limit);
    } finally {
      if (isPublic) publicInFlight--;
    }
  };

  /**
   * @param {FunctionHandler} fn
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   * @param {URL} url
   * @param {string | undefined} token
   * @param {Record<string, any>} claims
   * @param {number} limit
   */
  async function run(fn, req, res, url, token, claims, limit) {
    /** @type {Buffer} */
    let body;
    try {
      body = await readBody(req, limit, { timeoutMs: ctx.bodyTimeoutMs });
    } catch (err) {
      // A body past the function's own limit: the function still answers it in its own words (its 413, or a 303
      // back to the form), from a body just over the limit; the rest is never read (discarded by the gateway).
      if (!(err instanceof HttpError && err.status === 413 && fn.maxBodyBytes !== undefined)) throw err;
      discardRest(req, res);
      body = Buffer.alloc(fn.maxBodyBytes + 1, 0x20);
    }
    const out = await fn({
      method: req.method ?? 'POST',
      headers: req.headers,
      body,
      claims,
      token,
      url: `http://${req.headers.host ?? '127.0.0.1'}${url.pathname}${url.search}`,
      remoteAddress: req.socket.remoteAddress ?? '',
    });
    if (out instanceof Response) return sendResponse(res, out);
    sendJson(res, out.status, out.body, out.headers);
  }
}

/**
 * Writes a web Response (status, headers, body) to a Node response.
 * @param {import('node:http').ServerResponse} res
 * @param {Response} out
 */
async function sendResponse(res, out) {
  const body = Buffer.from(await out.arrayBuffer());
  out.headers.forEach((value, name) => res.setHeader(name, value));
  res.setHeader('Content-Length', String(body.length));
  res.writeHead(out.status);
  res.end(body);
}

/**
 * The one route of /functions/v1: `/<name>` and anything under it goes to the function of that name.
 * @param {Parameters<typeof createFunctionsHandler>[0]} ctx
 */
export function functionsRoutes(ctx) {
  const handle = createFunctionsHandler(ctx);
  /** @type {import('hono').Hono<import('./http.mjs').GatewayEnv>} */
  const app = new Hono();
  app.all(
    '*',
    nodeRoute((req, res, url) => handle(req, res, url, url.pathname.replace(/^\/functions\/v1/, ''))),
  );
  return app;
}
