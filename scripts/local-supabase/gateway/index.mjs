// @ts-check
/**
 * The gateway on LOCAL_SUPABASE_PORT: Supabase's HTTP API as supabase-js calls it. /rest/v1 is the real
 * PostgREST; /auth/v1, /storage/v1 and /functions/v1 are answered here.
 */
import http from 'node:http';
import { HttpError, discardRest, sendJson, setCors } from './http.mjs';
import { keyOf } from './jwt.mjs';
import { createRestHandler } from './rest.mjs';
import { createAuthHandler } from './auth.mjs';
import { createStorageHandler } from './storage.mjs';
import { createFunctionsHandler } from './functions.mjs';
import { resolveLimits } from './limits.mjs';

/**
 * @param {object} opts
 * @param {import('pg').Pool} opts.pool
 * @param {string} opts.jwtSecret
 * @param {string} opts.anonKey
 * @param {string} opts.serviceRoleKey
 * @param {string} opts.publishableKey New-style key standing for anon (`sb_publishable_…`).
 * @param {string} opts.secretKey New-style key standing for the service role (`sb_secret_…`).
 * @param {string} opts.apiUrl
 * @param {string} opts.storageDir
 * @param {() => string | undefined} opts.postgrestUrl
 * @param {Map<string, import('./functions.mjs').FunctionHandler>} opts.functions
 * @param {{ allowSignup: boolean, emailEnabled: boolean, jwtExpiry: number }} [opts.auth] What supabase/config.toml
 *   says of sign-up, email sign-in and token lifetime (default: all allowed, one hour).
 * @param {number} [opts.maxUpload] Storage's project-wide upload limit in bytes (config.toml storage.file_size_limit).
 * @param {Partial<import('./limits.mjs').GatewayLimits>} [opts.limits] Overrides of the environment and defaults.
 * @param {Partial<import('./limits.mjs').GatewayLimits>} [opts.limitDefaults] Defaults of the project (config.toml),
 *   below the environment.
 * @param {http.Agent} [opts.restAgent] The connection pool to PostgREST (tests look into it).
 * @param {(method: string, path: string) => void} [opts.onRequest] Hears every request (benchmarks count them).
 */
export function createGateway(opts) {
  const key = keyOf(opts.jwtSecret);
  const limits = resolveLimits(opts.limits, process.env, opts.limitDefaults);
  // The new opaque keys are swapped for the JWT of their role before anything else sees the request, as
  // Supabase's API gateway does; the legacy JWT keys pass as they are.
  const roleJwtOf = new Map([
    [opts.publishableKey, opts.anonKey],
    [opts.secretKey, opts.serviceRoleKey],
  ]);
  const keys = new Set([opts.anonKey, opts.serviceRoleKey, ...roleJwtOf.keys()]);
  const rest = createRestHandler({
    postgrestUrl: opts.postgrestUrl,
    maxBodyBytes: limits.maxBodyBytes,
    bodyTimeoutMs: limits.bodyTimeoutMs,
    upstreamTimeoutMs: limits.upstreamTimeoutMs,
    agent: opts.restAgent,
  });
  const auth = createAuthHandler({
    pool: opts.pool,
    key,
    apiUrl: opts.apiUrl,
    anonKey: opts.anonKey,
    serviceRoleKey: opts.serviceRoleKey,
    allowSignup: opts.auth?.allowSignup ?? true,
    emailEnabled: opts.auth?.emailEnabled,
    jwtExpiry: opts.auth?.jwtExpiry,
    limits,
  });
  const storage = createStorageHandler({
    pool: opts.pool,
    key,
    storageDir: opts.storageDir,
    anonKey: opts.anonKey,
    maxUpload: opts.maxUpload,
  });
  const functions = createFunctionsHandler({
    key,
    functions: opts.functions,
    maxBodyBytes: limits.maxBodyBytes,
    bodyTimeoutMs: limits.bodyTimeoutMs,
  });

  const server = http.createServer(
    {
      // A request (headers and body, uploads included) must arrive in time; Node answers 408 and closes.
      requestTimeout: limits.requestTimeoutMs,
      headersTimeout: Math.min(20_000, limits.requestTimeoutMs),
      connectionsCheckingInterval: 1000,
    },
    async (req, res) => {
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
        swapOpaqueKeys(req, url, roleJwtOf);
        if (service === 'rest') return await rest(req, res, url, restPath, String(req.headers.apikey ?? apikey));
        if (service === 'auth') return await auth(req, res, url, restPath);
        if (service === 'storage') return await storage(req, res, url, restPath);
        return await functions(req, res, url, restPath);
      } catch (err) {
        if (res.headersSent || res.destroyed) return void res.destroy();
        // Answered before the body was read (too large, too slow, refused before an upload): the rest of the body
        // is thrown away for a bounded time, then a client still sending is cut off.
        discardRest(req, res);
        if (err instanceof HttpError) return sendJson(res, err.status, err.body, err.headers);
        console.error('[local-supabase] gateway error:', err);
        sendJson(res, 500, { message: 'Internal server error', code: 'unexpected_failure' });
      }
    },
  );
  // Keep-alive sockets must not hold the process open at shutdown.
  server.keepAliveTimeout = 5000;
  return server;
}

/**
 * Replaces a new-style key in the `apikey` header (or query) and in `Authorization: Bearer …` with the JWT of the
 * role it stands for. supabase-js sends the key in both places unless told not to; a user's access token in
 * `Authorization` is left alone, so a signed-in request stays that user's.
 * @param {import('node:http').IncomingMessage} req
 * @param {URL} url
 * @param {Map<string, string>} roleJwtOf
 */
function swapOpaqueKeys(req, url, roleJwtOf) {
  const apikey = String(req.headers.apikey ?? url.searchParams.get('apikey') ?? '');
  const apikeyJwt = roleJwtOf.get(apikey);
  if (apikeyJwt) req.headers.apikey = apikeyJwt;
  const bearer = /^Bearer\s+(\S+)$/i.exec(String(req.headers.authorization ?? ''))?.[1];
  const bearerJwt = bearer && roleJwtOf.get(bearer);
  if (bearerJwt) req.headers.authorization = `Bearer ${bearerJwt}`;
  // supabase-js never sends a new-style key as the bearer of a function call (omitApiKeyAsBearer): the key in
  // `apikey` is then the caller, as the production functions read it (they run with verify_jwt off).
  if (!bearer && apikeyJwt && url.pathname.startsWith('/functions/')) req.headers.authorization = `Bearer ${apikeyJwt}`;
}
