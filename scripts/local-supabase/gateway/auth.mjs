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

const API_VERSION_HEADERS = { 'X-Supabase-Api-Version': '2024-01-01' };
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const USER_COLUMNS =
  'id, aud, role, email, email_confirmed_at, last_sign_in_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at, is_anonymous';

/**
 * GoTrue's error shape (api version 2024-01-01): auth-js reads `code` as the error code and `msg`/`message`.
 * @param {number} status
 * @param {string} code
 * @param {string} message
 */
function authError(status, code, message) {
  return new HttpError(status, { code, error_code: code, msg: message, message });
}

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
 * @param {{ pool: import('pg').Pool, key: Uint8Array, apiUrl: string, serviceRoleKey: string, anonKey: string, allowSignup: boolean }} ctx
 */
export function createAuthHandler(ctx) {
  const { pool, key } = ctx;

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
    );
    return {
      access_token: accessToken,
      token_type: 'bearer',
      expires_in: ACCESS_TOKEN_TTL_S,
      expires_at: now + ACCESS_TOKEN_TTL_S,
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
    if (typeof password !== 'string' || password.length < 6) {
      throw authError(422, 'weak_password', 'Password should be at least 6 characters.');
    }
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
        external: { email: true, phone: false },
        disable_signup: !ctx.allowSignup,
        mailer_autoconfirm: true,
        phone_autoconfirm: false,
      }),

    'POST /signup': async (req, res, url) => {
      if (!ctx.allowSignup) throw authError(422, 'signup_disabled', 'Signups not allowed for this instance');
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
        const { rows } = await pool.query(
          `update auth.users set last_sign_in_at = now()
           where lower(email) = $1 and encrypted_password = extensions.crypt($2, encrypted_password)
             and deleted_at is null and (banned_until is null or banned_until < now())
           returning ${USER_COLUMNS}`,
          [email, body.password],
        );
        if (!rows[0]) throw authError(400, 'invalid_credentials', 'Invalid login credentials');
        return sendJson(res, 200, await issueSession(rows[0], pool), API_VERSION_HEADERS);
      }
      if (grant === 'refresh_token') {
        const token = String(body.refresh_token ?? '');
        if (!token) throw authError(400, 'validation_failed', 'refresh_token required');
        const client = await pool.connect();
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
          if (row.revoked) throw authError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
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
          await client.query('rollback');
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
      if (body.password !== undefined && (typeof body.password !== 'string' || body.password.length < 6)) {
        throw authError(422, 'weak_password', 'Password should be at least 6 characters.');
      }
      const { rows } = await pool.query(
        `update auth.users set
           encrypted_password = coalesce(extensions.crypt($2, extensions.gen_salt('bf', 10)), encrypted_password),
           raw_user_meta_data = raw_user_meta_data || coalesce($3::jsonb, '{}'::jsonb),
           updated_at = now()
         where id = $1 returning ${USER_COLUMNS}`,
        [user.id, body.password ?? null, body.data ?? null],
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
      if (body.password !== undefined && (typeof body.password !== 'string' || body.password.length < 6)) {
        throw authError(422, 'weak_password', 'Password should be at least 6 characters.');
      }
      const { rows } = await pool.query(
        `update auth.users set
           encrypted_password = coalesce(extensions.crypt($2, extensions.gen_salt('bf', 10)), encrypted_password),
           raw_user_meta_data = raw_user_meta_data || coalesce($3::jsonb, '{}'::jsonb),
           raw_app_meta_data = raw_app_meta_data || coalesce($4::jsonb, '{}'::jsonb),
           email_confirmed_at = coalesce(email_confirmed_at, now()),
           updated_at = now()
         where id = $1 returning ${USER_COLUMNS}`,
        [id, body.password ?? null, body.user_metadata ?? null, body.app_metadata ?? null],
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
