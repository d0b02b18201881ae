// @ts-check
/**
 * /functions/v1/<name>: handlers registered by name, behind the same JWT check as Supabase's Edge Functions
 * (verify_jwt: a valid project token is required: a user's access token, or the anon or service key).
 */
import { HttpError, sendJson, readBody, bearer } from './http.mjs';
import { verify } from './jwt.mjs';

/**
 * @typedef {object} FunctionRequest
 * @property {string} method
 * @property {import('node:http').IncomingHttpHeaders} headers
 * @property {Buffer} body
 * @property {Record<string, any>} claims The verified JWT claims of the caller.
 * @property {string | undefined} token The caller's bearer token.
 *
 * @typedef {{ status: number, body?: unknown, headers?: Record<string, string> }} FunctionResponse
 * @typedef {(req: FunctionRequest) => Promise<FunctionResponse>} FunctionHandler
 */

/**
 * @param {{ key: Uint8Array, functions: Map<string, FunctionHandler> }} ctx
 */
export function createFunctionsHandler(ctx) {
  /**
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   * @param {URL} _url
   * @param {string} rest Path after /functions/v1.
   */
  return async function handleFunction(req, res, _url, rest) {
    const name = rest.replace(/^\/+/, '').split('/')[0];
    const fn = ctx.functions.get(name);
    if (!fn) throw new HttpError(404, { code: 'NOT_FOUND', message: 'Requested function was not found' });
    const token = bearer(req);
    if (!token) throw new HttpError(401, { code: 401, message: 'Missing authorization header' });
    const claims = await verify(token, ctx.key);
    if (!claims) throw new HttpError(401, { code: 401, message: 'Invalid JWT' });
    const body = await readBody(req, 1_000_000);
    const out = await fn({ method: req.method ?? 'POST', headers: req.headers, body, claims, token });
    sendJson(res, out.status, out.body, out.headers);
  };
}
