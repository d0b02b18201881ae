// @ts-check
/**
 * /rest/v1: a proxy to the real PostgREST that protects it, as a reverse proxy in front of it would:
 * - the request body is read here first, up to a size limit (413) and within a time limit (408); PostgREST only
 *   ever gets complete bodies of a bounded size, so a slow or endless client never holds one of its sockets;
 * - PostgREST has a time limit to answer in full (504), and its request is aborted as soon as the client goes away.
 * The answer is streamed back as it comes.
 */
import http from 'node:http';
import { pipeline } from 'node:stream';
import { Hono } from 'hono';
import { HttpError, readBody, sendJson, nodeRoute } from './http.mjs';

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'proxy-connection',
  'te',
  'trailer',
  'host',
  'expect',
  'content-length',
]);

/**
 * @param {object} ctx
 * @param {() => string | undefined} ctx.postgrestUrl
 * @param {number} ctx.maxBodyBytes
 * @param {number} ctx.bodyTimeoutMs
 * @param {number} ctx.upstreamTimeoutMs
 * @param {http.Agent} [ctx.agent] The connection pool to PostgREST (tests pass their own to look into it).
 */
export function createRestHandler(ctx) {
  const agent = ctx.agent ?? new http.Agent({ keepAlive: true, maxSockets: 64 });
  /**
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   * @param {URL} url
   * @param {string} rest Path after /rest/v1.
   * @param {string} apikey The request's (already checked) API key.
   */
  return async function handleRest(req, res, url, rest, apikey) {
    const target = ctx.postgrestUrl();
    if (!target) return sendJson(res, 503, { message: 'PostgREST is not running' });
    const body = await readBody(req, ctx.maxBodyBytes, { timeoutMs: ctx.bodyTimeoutMs });
    /** @type {Record<string, string | string[]>} */
    const headers = {};
    for (const [k, v] of Object.entries(req.headers)) if (v !== undefined && !HOP_BY_HOP.has(k)) headers[k] = v;
    if (body.length || !['GET', 'HEAD', 'DELETE', 'OPTIONS'].includes(req.method ?? 'GET')) {
      headers['content-length'] = String(body.length);
    }
    // As on Supabase: without a user token the API key itself is the JWT PostgREST sees.
    if (!headers.authorization) headers.authorization = `Bearer ${apikey}`;
    const params = new URLSearchParams(url.search);
    params.delete('apikey');
    const qs = params.toString();
    return new Promise((resolve) => {
      let timedOut = false;
      const upstream = http.request(`${target}${rest || '/'}${qs ? `?${qs}` : ''}`, {
        method: req.method,
        headers,
        agent,
      });
      // One deadline for the whole exchange, from asking to the last byte of the answer: a query that never ends
      // or a client that never reads gives its PostgREST socket back after upstreamTimeoutMs.
      const deadline = setTimeout(() => {
        timedOut = true;
        upstream.destroy(new Error(`PostgREST did not answer within ${ctx.upstreamTimeoutMs} ms`));
      }, ctx.upstreamTimeoutMs);
      let done = false;
      const finish = () => {
        if (done) return;
        done = true;
        clearTimeout(deadline);
        resolve(undefined);
      };
      // The client went away (or the answer is complete): nothing more is asked of PostgREST for it.
      res.once('close', () => {
        if (!res.writableFinished) upstream.destroy();
        finish();
      });
      upstream.on('response', (up) => {
        /** @type {Record<string, string | string[]>} */
        const out = {};
        for (const [k, v] of Object.entries(up.headers)) {
          // PostgREST answers CORS itself (Allow-Origin: *); the gateway's headers, set in setCors, win.
          if (v !== undefined && !HOP_BY_HOP.has(k) && !k.startsWith('access-control-')) out[k] = v;
        }
        if (up.headers['content-length'] !== undefined) out['content-length'] = up.headers['content-length'];
        res.writeHead(up.statusCode ?? 502, out);
        pipeline(up, res, (err) => {
          if (err) {
            upstream.destroy();
            res.destroy();
          }
          finish();
        });
      });
      upstream.on('error', (err) => {
        if (!res.headersSent && !res.destroyed) {
          const error = timedOut
            ? new HttpError(504, { code: 'upstream_timeout', message: err.message })
            : new HttpError(503, { message: `Database API unavailable: ${err.message}` });
          sendJson(res, error.status, error.body);
        } else res.destroy();
        finish();
      });
      upstream.end(body);
    });
  };
}

/**
 * The one route of /rest/v1: everything under it goes to PostgREST, with the request's (already checked) key.
 * @param {Parameters<typeof createRestHandler>[0]} ctx
 */
export function restRoutes(ctx) {
  const handle = createRestHandler(ctx);
  /** @type {import('hono').Hono<import('./http.mjs').GatewayEnv>} */
  const app = new Hono();
  app.all(
    '*',
    nodeRoute((req, res, url) =>
      handle(req, res, url, url.pathname.replace(/^\/rest\/v1/, ''), String(req.headers.apikey ?? '')),
    ),
  );
  return app;
}
