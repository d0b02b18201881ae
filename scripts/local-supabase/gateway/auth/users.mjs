// @ts-check
/**
 * Users and sessions in the auth schema (laid out like Supabase's): creating a user, starting or continuing a
 * session with its access and refresh tokens, and who a request's token belongs to.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { bearer } from '../http.mjs';
import { signAccessToken, verify, ACCESS_TOKEN_TTL_S } from '../jwt.mjs';
import { EMAIL_RE, USER_COLUMNS, authError, checkMetadata, checkNewPassword, userJson } from './rules.mjs';

/**
 * @param {{ pool: import('pg').Pool, key: Uint8Array, apiUrl: string, jwtExpiry?: number }} ctx
 */
export function createUsers(ctx) {
  const { pool, key } = ctx;
  const ttl = ctx.jwtExpiry ?? ACCESS_TOKEN_TTL_S;

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

  return { dummy, issueSession, currentUser, requireServiceRole, createUser };
}

/** @typedef {ReturnType<typeof createUsers>} Users */
