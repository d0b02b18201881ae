// @ts-check
/**
 * /auth/v1: the part of GoTrue that supabase-js uses (password and refresh-token grants with rotation, sign-up
 * with metadata, logout with scope, user) and the admin user API that `npm run admin:create` uses. Users,
 * sessions and refresh tokens live in tables laid out like Supabase's auth schema; passwords are bcrypt ($2a$)
 * hashes made by pgcrypto, the format hosted Supabase stores.
 *
 * Hand-written because no library serves GoTrue's HTTP API on top of an existing Postgres; only the calls the
 * project makes are answered, with GoTrue's status codes and error shapes.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { HttpError, sendJson, readJson, bearer } from './http.mjs';
import { signAccessToken, verify, ACCESS_TOKEN_TTL_S } from './jwt.mjs';
import { DEFAULT_LIMITS } from './limits.mjs';
import { createRateLimiter } from './rate-limit.mjs';

const API_VERSION_HEADERS = { 'X-Supabase-Api-Version': '2024-01-01' };
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const USER_COLUMNS =
  'id, aud, role, email, email_confirmed_at, last_sign_in_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at, is_anonymous';
/** bcrypt reads 72 bytes of a password; GoTrue refuses longer ones (len() of a Go string counts bytes). */
export const MAX_PASSWORD_BYTES = 72;
export const MIN_PASSWORD_LENGTH = 6;
/**
 * Metadata is copied into every access token, which travels in a header: 4 KB of JSON keeps a token well under
 * the 8 KB that proxies (nginx) and the 16 KB that Node accept for headers.
 */
export const MAX_METADATA_BYTES = 4096;
const FIVE_MINUTES_MS = 5 * 60_000;

/**
 * GoTrue's error shape (api version 2024-01-01): auth-js reads `code` as the error code and `msg`/`message`.
 * @param {number} status
 * @param {string} code
 * @param {string} message
 */
function authError(status, code, message) {
  return new HttpError(status, { code, error_code: code, msg: message, message });
}

/**
 * A new password as GoTrue's checkPasswordStrength judges it: over 72 bytes is 400 validation_failed, under the
 * minimum length 422 weak_password with its reasons.
 * @param {unknown} password
 */
export function checkNewPassword(password) {
  if (typeof password === 'string' && Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) {
    throw authError(400, 'validation_failed', `Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`);
  }
  if (typeof password !== 'string' || password.length < MIN_PASSWORD_LENGTH) {
    const message = `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`;
    throw new HttpError(422, {
      code: 'weak_password',
      error_code: 'weak_password',
      msg: message,
      message,
      weak_password: { reasons: ['length'] },
    });
  }
}

/**
 * Metadata as the request gives it (`data`, `user_metadata`, `app_metadata`): absent or null, or a JSON object,
 * as GoTrue's Go map field takes it (anything else is 400 bad_json there too); at most MAX_METADATA_BYTES once
 * merged into what the user already has.
 * @param {unknown} value
 * @param {string} field
 * @param {Record<string, unknown>} [current] The stored metadata it is merged into.
 * @returns {Record<string, unknown> | null}
 */
export function checkMetadata(value, field, current = {}) {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw authError(400, 'bad_json', `Could not parse request body as JSON: ${field} must be a JSON object`);
  }
  const merged = JSON.stringify({ ...current, .../** @type {Record<string, unknown>} */ (value) });
  if (Buffer.byteLength(merged, 'utf8') > MAX_METADATA_BYTES) {
    throw authError(400, 'validation_failed', `${field} is too large (at most ${MAX_METADATA_BYTES} bytes of JSON)`);
  }
  return /** @type {Record<string, unknown>} */ (value);
}

/** GoTrue's answer past a rate limit. @param {number} retryAfterS */
const rateLimited = (retryAfterS) =>
  new HttpError(
    429,
    {
      code: 'over_request_rate_limit',
      error_code: 'over_request_rate_limit',
      msg: 'Request rate limit reached',
      message: 'Request rate limit reached',
    },
    { 'Retry-After': String(retryAfterS) },
  );

/**
 * @param {{ take: (key: string) => { ok: true } | { ok: false, retryAfterS: number } }} limiter
 * @param {string} key
 */
function spend(limiter, key) {
  const r = limiter.take(key);
  if (!r.ok) throw rateLimited(r.retryAfterS);
}

/** The client's address, as the connection gives it (headers such as X-Forwarded-For are not trusted). */
const clientIp = (/** @type {import('node:http').IncomingMessage} */ req) => req.socket.remoteAddress ?? 'unknown';

/** @param {Record<string, any>} row */
export function userJson(row) {
  return {
    id: row.id,
    aud: row.aud ?? 'authenticated',
    role: row.role ?? 'authenticated',
    email: row.email,
    email_confirmed_at: row.email_confirmed_at,
    phone: '',
    confirmed_at: row.email_confirmed_at,
    last_sign_in_at: row.last_sign_in_at,
    app_metadata: row.raw_app_meta_data ?? {},
    user_metadata: row.raw_user_meta_data ?? {},
    identities: [],
    created_at: row.created_at,
    updated_at: row.updated_at,
    is_anonymous: Boolean(row.is_anonymous),
  };
}

/**
 * @param {{ pool: import('pg').Pool, key: Uint8Array, apiUrl: string, serviceRoleKey: string, anonKey: string, allowSignup: boolean, emailEnabled?: boolean, jwtExpiry?: number, limits?: Partial<import('./limits.mjs').GatewayLimits> }} ctx
 */
export function createAuthHandler(ctx) {
  const { pool, key } = ctx;
  const limits = { ...DEFAULT_LIMITS, ...ctx.limits };
  const ttl = ctx.jwtExpiry ?? ACCESS_TOKEN_TTL_S;
  const emailEnabled = ctx.emailEnabled ?? true;
  const signIns = createRateLimiter({ limit: limits.signInsPer5Min, windowMs: FIVE_MINUTES_MS });
  const signUps = createRateLimiter({ limit: limits.signUpsPer5Min, windowMs: FIVE_MINUTES_MS });
  // Hosted Auth's sign_in_sign_ups: every password sign-in and sign-up from one address, whatever the email (#26).
  const perIp = createRateLimiter({ limit: limits.signInsPerIp, windowMs: FIVE_MINUTES_MS });
  const refreshes = createRateLimiter({ limit: limits.refreshesPer5Min, windowMs: FIVE_MINUTES_MS });

  /**
   * A bcrypt hash of nothing anyone knows, made like the users' (cost 10): a sign-in for an unknown email is
   * checked against it, so it costs what a wrong password costs and its timing tells nothing.
   * @type {Promise<string> | undefined}
   */
  let dummyHash;
  const dummy = () => {
    dummyHash ??= pool
      .query(`select extensions.crypt($1, extensions.gen_salt('bf', 10)) as h`, [randomBytes(18).toString('base64')])
      .then((r) => /** @type {string} */ (r.rows[0].h));
    dummyHash.catch(() => {
      dummyHash = undefined;
    });
    return dummyHash;
  };

  /**
   * Starts a session for a user (or, with `parent`, continues one after a refresh) and returns GoTrue's payload.
   * @param {Record<string, any>} user
   * @param {import('pg').PoolClient | import('pg').Pool} db
   * @param {string} [sessionId]
   * @param {string | null} [parent] The refresh token this one replaces.
   */
  async function issueSession(user, db, sessionId = randomUUID(), parent = null) {
    if (!parent) await db.query('insert into auth.sessions (id, user_id) values ($1, $2)', [sessionId, user.id]);
    const refreshToken = randomBytes(24).toString('base64url');
    await db.query('insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($1, $2, $3, $4)', [
      refreshToken,
      user.id,
      sessionId,
      parent,
    ]);
    const now = Math.floor(Date.now() / 1000);
    const accessToken = await signAccessToken(
      {
        iss: `${ctx.apiUrl}/auth/v1`,
        sub: user.id,
        aud: 'authenticated',
        email: user.email,
        phone: '',
        app_metadata: user.raw_app_meta_data ?? {},
        user_metadata: user.raw_user_meta_data ?? {},
        role: 'authenticated',
        aal: 'aal1',
        amr: [{ method: parent ? 'token_refresh' : 'password', timestamp: now }],
        session_id: sessionId,
        is_anonymous: false,
      },
      key,
      ttl,
    );
    return {
      access_token: accessToken,
      token_type: 'bearer',
      expires_in: ttl,
      expires_at: now + ttl,
      refresh_token: refreshToken,
      user: userJson(user),
    };
  }

  /**
   * The user of a request's access token, whose session must still exist (a global sign-out ends it).
   * @param {import('node:http').IncomingMessage} req
   */
  async function currentUser(req) {
    const claims = await verify(bearer(req), key);
    if (!claims || claims.role !== 'authenticated' || !claims.sub) {
      throw authError(403, 'bad_jwt', 'invalid JWT: unable to parse or verify signature, token is invalid or expired');
    }
    if (claims.session_id) {
      const s = await pool.query('select 1 from auth.sessions where id = $1', [claims.session_id]);
      if (!s.rowCount) throw authError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
    }
    const { rows } = await pool.query(`select ${USER_COLUMNS} from auth.users where id = $1`, [claims.sub]);
    if (!rows[0]) throw authError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    return { user: rows[0], claims };
  }

  /** @param {import('node:http').IncomingMessage} req */
  async function requireServiceRole(req) {
    const claims = await verify(bearer(req), key);
    if (claims?.role !== 'service_role') {
      throw authError(403, 'not_admin', 'User not allowed');
    }
  }

  /**
   * Creates a user (sign-up or admin). Returns the row.
   * @param {{ email: string, password: string, data?: Record<string, unknown>, appData?: Record<string, unknown> }} input
   */
  async function createUser({ email, password, data = {}, appData = {} }) {
    const normalized = String(email ?? '')
      .trim()
      .toLowerCase();
    if (!EMAIL_RE.test(normalized) || normalized.length > 254) {
      throw authError(400, 'validation_failed', 'Unable to validate email address: invalid format');
    }
    checkNewPassword(password);
    checkMetadata(data, 'user_metadata');
    checkMetadata(appData, 'app_metadata');
    try {
      const { rows } = await pool.query(
        `insert into auth.users (email, encrypted_password, email_confirmed_at, raw_user_meta_data, raw_app_meta_data)
         values ($1, extensions.crypt($2, extensions.gen_salt('bf', 10)), now(), $3, $4)
         returning ${USER_COLUMNS}`,
        [normalized, password, data, { provider: 'email', providers: ['email'], ...appData }],
      );
      return rows[0];
    } catch (err) {
      if (/** @type {any} */ (err).code === '23505')
        throw authError(422, 'user_already_exists', 'User already registered');
      throw err;
    }
  }

  /** @type {Record<string, (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse, url: URL) => Promise<void>>} */
  const routes = {
    'GET /health': async (_req, res) =>
      sendJson(res, 200, { version: 'local', name: 'GoTrue', description: 'local stand-in' }),

    'GET /settings': async (_req, res) =>
      sendJson(res, 200, {
        external: { email: emailEnabled, phone: false },
        disable_signup: !ctx.allowSignup,
        mailer_autoconfirm: true,
        phone_autoconfirm: false,
      }),

    'POST /signup': async (req, res, url) => {
      // GoTrue's two refusals: the email provider off (config.toml auth.email.enabled), or sign-ups off.
      if (!emailEnabled) throw authError(422, 'email_provider_disabled', 'Email signups are disabled');
      if (!ctx.allowSignup) throw authError(422, 'signup_disabled', 'Signups not allowed for this instance');
      spend(perIp, clientIp(req));
      spend(signUps, clientIp(req));
      const body = await readJson(req);
      const redirectTo = url.searchParams.get('redirect_to');
      if (redirectTo && !URL.canParse(redirectTo)) throw authError(400, 'validation_failed', 'Invalid redirect_to URL');
      const user = await createUser({ email: body.email, password: body.password, data: body.data ?? {} });
      // Local sign-ups are confirmed at once (no mail server): GoTrue with autoconfirm answers with a session.
      sendJson(res, 200, await issueSession(user, pool), API_VERSION_HEADERS);
    },

    'POST /token': async (req, res, url) => {
      const grant = url.searchParams.get('grant_type');
      const body = await readJson(req);
      if (grant === 'password') {
        const email = String(body.email ?? '')
          .trim()
          .toLowerCase();
        if (!email || typeof body.password !== 'string') {
          throw authError(400, 'validation_failed', 'missing email or phone');
        }
        if (!emailEnabled) throw authError(400, 'email_provider_disabled', 'Email logins are disabled');
        // Per email and client: guessing one account's password is slowed, other accounts are not.
        spend(perIp, clientIp(req));
        spend(signIns, `${clientIp(req)} ${email}`);
        // One bcrypt computation whatever happens: against the user's hash, or the dummy one when there is no
        // such user (or no password, or one too long to have been set), so the answer time tells nothing.
        const tooLong = Buffer.byteLength(body.password, 'utf8') > MAX_PASSWORD_BYTES;
        const { rows: found } = await pool.query(
          `select u.id, coalesce(u.encrypted_password, '') as stored,
             extensions.crypt($2, coalesce(u.encrypted_password, $3)) as computed,
             u.banned_until is null or u.banned_until < now() as allowed
           from (select 1) as one
           left join auth.users u on lower(u.email) = $1 and u.deleted_at is null and u.encrypted_password like '$2_$%'`,
          [email, tooLong ? '' : body.password, await dummy()],
        );
        const user = found[0];
        if (tooLong || !user?.id || !user.allowed || user.stored !== user.computed) {
          throw authError(400, 'invalid_credentials', 'Invalid login credentials');
        }
        const { rows } = await pool.query(
          `update auth.users set last_sign_in_at = now() where id = $1 returning ${USER_COLUMNS}`,
          [user.id],
        );
        if (!rows[0]) throw authError(400, 'invalid_credentials', 'Invalid login credentials');
        return sendJson(res, 200, await issueSession(rows[0], pool), API_VERSION_HEADERS);
      }
      if (grant === 'refresh_token') {
        const token = String(body.refresh_token ?? '');
        if (!token) throw authError(400, 'validation_failed', 'refresh_token required');
        spend(refreshes, clientIp(req));
        const client = await pool.connect();
        let committed = false;
        try {
          await client.query('begin');
          const { rows } = await client.query(
            'select id, user_id, session_id, revoked from auth.refresh_tokens where token = $1 for update',
            [token],
          );
          const row = rows[0];
          if (!row || !row.session_id) {
            throw authError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
          }
          if (row.revoked) {
            // A rotated token used again: someone else may hold the family. As GoTrue (RevokeTokenFamily), every
            // refresh token of the session is revoked, so neither holder can go on refreshing it.
            await client.query(
              'update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and not revoked',
              [row.session_id],
            );
            await client.query('commit');
            committed = true;
            throw authError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
          }
          await client.query('update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1', [
            row.id,
          ]);
          await client.query('update auth.sessions set updated_at = now() where id = $1', [row.session_id]);
          const u = await client.query(`select ${USER_COLUMNS} from auth.users where id = $1`, [row.user_id]);
          if (!u.rows[0])
            throw authError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
          const session = await issueSession(u.rows[0], client, row.session_id, token);
          await client.query('commit');
          return sendJson(res, 200, session, API_VERSION_HEADERS);
        } catch (err) {
          if (!committed) await client.query('rollback');
          throw err;
        } finally {
          client.release();
        }
      }
      throw authError(400, 'unsupported_grant_type', 'unsupported_grant_type');
    },

    'POST /logout': async (req, res, url) => {
      const scope = url.searchParams.get('scope') ?? 'global';
      if (!['global', 'local', 'others'].includes(scope))
        throw authError(400, 'validation_failed', 'Unsupported logout scope');
      const { user, claims } = await currentUser(req);
      if (scope === 'global') await pool.query('delete from auth.sessions where user_id = $1', [user.id]);
      if (scope === 'local') await pool.query('delete from auth.sessions where id = $1', [claims.session_id]);
      if (scope === 'others') {
        await pool.query('delete from auth.sessions where user_id = $1 and id <> $2', [user.id, claims.session_id]);
      }
      res.writeHead(204).end();
    },

    'GET /user': async (req, res) => {
      const { user } = await currentUser(req);
      sendJson(res, 200, userJson(user), API_VERSION_HEADERS);
    },

    'PUT /user': async (req, res) => {
      const { user } = await currentUser(req);
      const body = await readJson(req);
      if (body.password !== undefined) checkNewPassword(body.password);
      const data = checkMetadata(body.data, 'data', user.raw_user_meta_data ?? {});
      const { rows } = await pool.query(
        `update auth.users set
           encrypted_password = coalesce(extensions.crypt($2, extensions.gen_salt('bf', 10)), encrypted_password),
           raw_user_meta_data = raw_user_meta_data || coalesce($3::jsonb, '{}'::jsonb),
           updated_at = now()
         where id = $1 returning ${USER_COLUMNS}`,
        [user.id, body.password ?? null, data],
      );
      sendJson(res, 200, userJson(rows[0]), API_VERSION_HEADERS);
    },
  };

  /** Admin API (service role only): list, create, read, update, delete users. */
  async function admin(
    /** @type {import('node:http').IncomingMessage} */ req,
    /** @type {import('node:http').ServerResponse} */ res,
    /** @type {URL} */ url,
    /** @type {string} */ rest,
  ) {
    await requireServiceRole(req);
    const id = rest.replace(/^\/admin\/users\/?/, '');
    if (!id && req.method === 'GET') {
      const page = Math.max(1, Number(url.searchParams.get('page') ?? 1) || 1);
      const perPage = Math.min(1000, Math.max(1, Number(url.searchParams.get('per_page') ?? 50) || 50));
      const { rows } = await pool.query(
        `select ${USER_COLUMNS} from auth.users order by created_at limit $1 offset $2`,
        [perPage, (page - 1) * perPage],
      );
      const total = (await pool.query('select count(*)::int as n from auth.users')).rows[0].n;
      return sendJson(
        res,
        200,
        { users: rows.map(userJson), aud: 'authenticated' },
        { 'X-Total-Count': String(total) },
      );
    }
    if (!id && req.method === 'POST') {
      const body = await readJson(req);
      const user = await createUser({
        email: body.email,
        password: body.password,
        data: body.user_metadata ?? body.data ?? {},
        appData: body.app_metadata ?? {},
      });
      return sendJson(res, 200, userJson(user), API_VERSION_HEADERS);
    }
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw authError(404, 'user_not_found', 'User not found');
    if (req.method === 'GET') {
      const { rows } = await pool.query(`select ${USER_COLUMNS} from auth.users where id = $1`, [id]);
      if (!rows[0]) throw authError(404, 'user_not_found', 'User not found');
      return sendJson(res, 200, userJson(rows[0]));
    }
    if (req.method === 'PUT') {
      const body = await readJson(req);
      if (body.password !== undefined) checkNewPassword(body.password);
      const current = await pool.query('select raw_user_meta_data, raw_app_meta_data from auth.users where id = $1', [
        id,
      ]);
      if (!current.rows[0]) throw authError(404, 'user_not_found', 'User not found');
      const userMeta = checkMetadata(body.user_metadata, 'user_metadata', current.rows[0].raw_user_meta_data ?? {});
      const appMeta = checkMetadata(body.app_metadata, 'app_metadata', current.rows[0].raw_app_meta_data ?? {});
      const { rows } = await pool.query(
        `update auth.users set
           encrypted_password = coalesce(extensions.crypt($2, extensions.gen_salt('bf', 10)), encrypted_password),
           raw_user_meta_data = raw_user_meta_data || coalesce($3::jsonb, '{}'::jsonb),
           raw_app_meta_data = raw_app_meta_data || coalesce($4::jsonb, '{}'::jsonb),
           email_confirmed_at = coalesce(email_confirmed_at, now()),
           updated_at = now()
         where id = $1 returning ${USER_COLUMNS}`,
        [id, body.password ?? null, userMeta, appMeta],
      );
      if (!rows[0]) throw authError(404, 'user_not_found', 'User not found');
      return sendJson(res, 200, userJson(rows[0]));
    }
    if (req.method === 'DELETE') {
      const { rows } = await pool.query(`delete from auth.users where id = $1 returning ${USER_COLUMNS}`, [id]);
      if (!rows[0]) throw authError(404, 'user_not_found', 'User not found');
      return sendJson(res, 200, userJson(rows[0]));
    }
    throw authError(405, 'method_not_allowed', 'Method not allowed');
  }

  /**
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   * @param {URL} url
   * @param {string} rest Path after /auth/v1.
   */
  return async function handleAuth(req, res, url, rest) {
    if (rest.startsWith('/admin/users')) return admin(req, res, url, rest);
    const route = routes[`${req.method} ${rest.replace(/\/+$/, '') || '/'}`];
    if (!route) throw authError(404, 'not_found', 'Not found');
    await route(req, res, url);
  };
}
