// @ts-check
/**
 * /functions/v1/<name>: handlers registered by name, behind the same JWT check as Supabase's Edge Functions
 * (verify_jwt: a valid project token is required: a user's access token, or the anon or service key). A handler
 * marked `verifyJwt = false` is public, as `verify_jwt = false` makes a hosted function: the guest-message functions,
 * which plain HTML forms post to without any header (supabase/config.toml).
 */
import { HttpError, sendJson, readBody, bearer } from './http.mjs';
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
 * @typedef {((req: FunctionRequest) => Promise<FunctionResponse | Response>) & { verifyJwt?: boolean }} FunctionHandler
 *   A handler answers a JSON body, or a web Response as it is (a redirect, another type).
 */

/**
 * @param {{ key: Uint8Array, functions: Map<string, FunctionHandler>, maxBodyBytes?: number, bodyTimeoutMs?: number }} ctx
 */
export function createFunctionsHandler(ctx) {
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
    const body = await readBody(req, ctx.maxBodyBytes ?? 1_000_000, { timeoutMs: ctx.bodyTimeoutMs });
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
  };
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
