// @ts-check
/**
 * The gateway on LOCAL_SUPABASE_PORT: Supabase's HTTP API as supabase-js calls it. /rest/v1 is the real
 * PostgREST; /auth/v1, /storage/v1 and /functions/v1 are answered here.
 */
import http from 'node:http';
import { HttpError, sendJson, setCors } from './http.mjs';
import { keyOf } from './jwt.mjs';
import { createRestHandler } from './rest.mjs';
import { createAuthHandler } from './auth.mjs';
import { createStorageHandler } from './storage.mjs';
import { createFunctionsHandler } from './functions.mjs';

/**
 * @param {object} opts
 * @param {import('pg').Pool} opts.pool
 * @param {string} opts.jwtSecret
 * @param {string} opts.anonKey
 * @param {string} opts.serviceRoleKey
 * @param {string} opts.apiUrl
 * @param {string} opts.storageDir
 * @param {() => string | undefined} opts.postgrestUrl
 * @param {Map<string, import('./functions.mjs').FunctionHandler>} opts.functions
 * @param {boolean} [opts.allowSignup]
 * @param {(method: string, path: string) => void} [opts.onRequest] Hears every request (benchmarks count them).
 */
export function createGateway(opts) {
  const key = keyOf(opts.jwtSecret);
  const keys = new Set([opts.anonKey, opts.serviceRoleKey]);
  const rest = createRestHandler({ postgrestUrl: opts.postgrestUrl });
  const auth = createAuthHandler({
    pool: opts.pool,
    key,
    apiUrl: opts.apiUrl,
    anonKey: opts.anonKey,
    serviceRoleKey: opts.serviceRoleKey,
    allowSignup: opts.allowSignup ?? true,
  });
  const storage = createStorageHandler({ pool: opts.pool, key, storageDir: opts.storageDir, anonKey: opts.anonKey });
  const functions = createFunctionsHandler({ key, functions: opts.functions });

  const server = http.createServer(async (req, res) => {
    opts.onRequest?.(req.method ?? 'GET', req.url ?? '/');
    setCors(req, res);
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    try {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const m = /^\/(rest|auth|storage|functions)\/v1(\/.*)?$/.exec(url.pathname);
      if (!m) throw new HttpError(404, { message: 'no Route matched with those values' });
      const [, service, restPath = ''] = m;
      // Public object URLs are plain links (img src): Supabase serves them without an API key.
      const isPublicObject = service === 'storage' && restPath.startsWith('/object/public/');
      const apikey = String(req.headers.apikey ?? url.searchParams.get('apikey') ?? '');
      if (!isPublicObject && service !== 'functions') {
        if (!apikey) {
          throw new HttpError(401, {
            message: 'No API key found in request',
            hint: 'No `apikey` request header or url param was found.',
          });
        }
        if (!keys.has(apikey)) {
          throw new HttpError(401, {
            message: 'Invalid API key',
            hint: 'Double check your Supabase `anon` or `service_role` API key.',
          });
        }
      }
      if (service === 'rest') return await rest(req, res, url, restPath, apikey);
      if (service === 'auth') return await auth(req, res, url, restPath);
      if (service === 'storage') return await storage(req, res, url, restPath);
      return await functions(req, res, url, restPath);
    } catch (err) {
      if (err instanceof HttpError) return sendJson(res, err.status, err.body);
      console.error('[local-supabase] gateway error:', err);
      if (!res.headersSent) sendJson(res, 500, { message: 'Internal server error', code: 'unexpected_failure' });
      else res.destroy();
    }
  });
  // Keep-alive sockets must not hold the process open at shutdown.
  server.keepAliveTimeout = 5000;
  return server;
}
