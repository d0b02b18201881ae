// @ts-check
/**
 * The gateway on LOCAL_SUPABASE_PORT: Supabase's HTTP API as supabase-js calls it. /rest/v1 is the real
 * PostgREST; /auth/v1, /storage/v1 and /functions/v1 are answered here.
 */
import http from 'node:http';
import { Hono } from 'hono';
import { getRequestListener } from '@hono/node-server';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { HttpError, discardRest, sendJson, setCors } from './http.mjs';
import { keyOf } from './jwt.mjs';
import { restRoutes } from './rest.mjs';
import { authRoutes } from './auth/index.mjs';
import { storageRoutes } from './storage/index.mjs';
import { functionsRoutes } from './functions.mjs';
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
  // Not strict: '/auth/v1/token/' is '/auth/v1/token', as it was before Hono (the top app's option governs
  // every route group mounted in it).
  /** @type {Hono<import('./http.mjs').GatewayEnv>} */
  const app = new Hono({ strict: false });

  app.use('*', async (c, next) => {
    const req = c.env.incoming;
    opts.onRequest?.(req.method ?? 'GET', req.url ?? '/');
    setCors(req, c.env.outgoing);
    if (req.method === 'OPTIONS') {
      c.env.outgoing.writeHead(204).end();
      return RESPONSE_ALREADY_SENT;
    }
    await next();
  });
  // Every service but the functions wants a known API key; public object URLs are plain links (img src), served
  // without one as Supabase does. Then the new opaque keys become the JWT of their role.
  for (const service of ['rest', 'auth', 'storage', 'functions']) {
    app.use(`/${service}/v1/*`, async (c, next) => {
      const req = c.env.incoming;
      const url = new URL(req.url ?? '/', 'http://localhost');
      const isPublicObject = service === 'storage' && url.pathname.startsWith('/storage/v1/object/public/');
      if (!isPublicObject && service !== 'functions')
        requireKey(String(req.headers.apikey ?? url.searchParams.get('apikey') ?? ''), keys);
      swapOpaqueKeys(req, url, roleJwtOf);
      await next();
    });
  }

  app.route(
    '/rest/v1',
    restRoutes({
      postgrestUrl: opts.postgrestUrl,
      maxBodyBytes: limits.maxBodyBytes,
      bodyTimeoutMs: limits.bodyTimeoutMs,
      upstreamTimeoutMs: limits.upstreamTimeoutMs,
      agent: opts.restAgent,
    }),
  );
  app.route(
    '/auth/v1',
    authRoutes({
      pool: opts.pool,
      key,
      apiUrl: opts.apiUrl,
      allowSignup: opts.auth?.allowSignup ?? true,
      emailEnabled: opts.auth?.emailEnabled,
      jwtExpiry: opts.auth?.jwtExpiry,
      limits,
    }),
  );
  app.route(
    '/storage/v1',
    storageRoutes({
      pool: opts.pool,
      key,
      storageDir: opts.storageDir,
      anonKey: opts.anonKey,
      maxUpload: opts.maxUpload,
    }),
  );
  app.route(
    '/functions/v1',
    functionsRoutes({
      key,
      functions: opts.functions,
      maxBodyBytes: limits.maxBodyBytes,
      bodyTimeoutMs: limits.bodyTimeoutMs,
    }),
  );
  app.notFound((c) =>
    answerError(c.env.incoming, c.env.outgoing, new HttpError(404, { message: 'no Route matched with those values' })),
  );
  app.onError((err, c) => answerError(c.env.incoming, c.env.outgoing, err));

  const server = http.createServer(
    {
      // A request (headers and body, uploads included) must arrive in time; Node answers 408 and closes.
      requestTimeout: limits.requestTimeoutMs,
      headersTimeout: Math.min(20_000, limits.requestTimeoutMs),
      connectionsCheckingInterval: 1000,
    },
    // Hono's own Request and Response stay out of the globals (the functions answer with the platform's
    // Response), and no body is drained for us: a refused body is the gateway's to discard (discardRest).
    getRequestListener(app.fetch, { overrideGlobalObjects: false, autoCleanupIncoming: false }),
  );
  // Keep-alive sockets must not hold the process open at shutdown.
  server.keepAliveTimeout = 5000;
  return server;
}

/**
 * @param {string} apikey
 * @param {Set<string>} keys
 */
function requireKey(apikey, keys) {
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

/**
 * The answer to what a route threw: its own status and body for an HttpError, else 500. Answered before the body
 * was read (too large, too slow, refused before an upload), the rest of the body is thrown away for a bounded
 * time, then a client still sending is cut off.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {unknown} err
 */
function answerError(req, res, err) {
  if (res.headersSent || res.destroyed) {
    res.destroy();
    return RESPONSE_ALREADY_SENT;
  }
  discardRest(req, res);
  if (err instanceof HttpError) sendJson(res, err.status, err.body, err.headers);
  else {
    console.error('[local-supabase] gateway error:', err);
    sendJson(res, 500, { message: 'Internal server error', code: 'unexpected_failure' });
  }
  return RESPONSE_ALREADY_SENT;
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
