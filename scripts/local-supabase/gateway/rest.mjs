// @ts-check
/** /rest/v1: a streaming proxy to the real PostgREST. */
import http from 'node:http';
import { sendJson } from './http.mjs';

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'proxy-connection',
  'te',
  'trailer',
  'host',
]);

/**
 * @param {{ postgrestUrl: () => string | undefined }} ctx
 */
export function createRestHandler(ctx) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  /**
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   * @param {URL} url
   * @param {string} rest Path after /rest/v1.
   * @param {string} apikey The request's (already checked) API key.
   */
  return function handleRest(req, res, url, rest, apikey) {
    const target = ctx.postgrestUrl();
    if (!target) return sendJson(res, 503, { message: 'PostgREST is not running' });
    /** @type {Record<string, string | string[]>} */
    const headers = {};
    for (const [k, v] of Object.entries(req.headers)) if (v !== undefined && !HOP_BY_HOP.has(k)) headers[k] = v;
    // As on Supabase: without a user token the API key itself is the JWT PostgREST sees.
    if (!headers.authorization) headers.authorization = `Bearer ${apikey}`;
    const params = new URLSearchParams(url.search);
    params.delete('apikey');
    const qs = params.toString();
    return new Promise((resolve) => {
      const upstream = http.request(
        `${target}${rest || '/'}${qs ? `?${qs}` : ''}`,
        { method: req.method, headers, agent },
        (up) => {
          /** @type {Record<string, string | string[]>} */
          const out = {};
          for (const [k, v] of Object.entries(up.headers)) {
            // PostgREST answers CORS itself (Allow-Origin: *); the gateway's headers, set in setCors, win.
            if (v !== undefined && !HOP_BY_HOP.has(k) && !k.startsWith('access-control-')) out[k] = v;
          }
          res.writeHead(up.statusCode ?? 502, out);
          up.pipe(res);
          up.on('end', () => resolve(undefined));
          up.on('error', () => resolve(undefined));
        },
      );
      upstream.on('error', (err) => {
        if (!res.headersSent) sendJson(res, 503, { message: `Database API unavailable: ${err.message}` });
        else res.destroy();
        resolve(undefined);
      });
      req.pipe(upstream);
    });
  };
}
