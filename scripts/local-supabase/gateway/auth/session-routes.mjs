// @ts-check
/**
 * /auth/v1 for a user: health and settings, sign-up, the password and refresh-token grants (with rotation and
 * reuse detection), logout with its scopes, and the user's own record.
 */
import { Hono } from 'hono';
import { sendJson, readJson, nodeRoute } from '../http.mjs';
import { DEFAULT_LIMITS } from '../limits.mjs';
import { createRateLimiter } from '../rate-limit.mjs';
import {
  API_VERSION_HEADERS,
  FIVE_MINUTES_MS,
  MAX_PASSWORD_BYTES,
  USER_COLUMNS,
  authError,
  checkMetadata,
  checkNewPassword,
  clientIp,
  spend,
  userJson,
} from './rules.mjs';

/**
 * @param {{ pool: import('pg').Pool, allowSignup: boolean, emailEnabled?: boolean, limits?: Partial<import('../limits.mjs').GatewayLimits> }} ctx
 * @param {import('./users.mjs').Users} users
 */
export function sessionRoutes(ctx, users) {
  const { pool } = ctx;
  const { dummy, issueSession, currentUser, createUser } = users;
  const limits = { ...DEFAULT_LIMITS, ...ctx.limits };
  const emailEnabled = ctx.emailEnabled ?? true;
  const signIns = createRateLimiter({ limit: limits.signInsPer5Min, windowMs: FIVE_MINUTES_MS });
  const signUps = createRateLimiter({ limit: limits.signUpsPer5Min, windowMs: FIVE_MINUTES_MS });
  // Hosted Auth's sign_in_sign_ups: every password sign-in and sign-up from one address, whatever the email (#26).
  const perIp = createRateLimiter({ limit: limits.signInsPerIp, windowMs: FIVE_MINUTES_MS });
  const refreshes = createRateLimiter({ limit: limits.refreshesPer5Min, windowMs: FIVE_MINUTES_MS });

  /** @type {Record<string, import('../http.mjs').NodeRoute>} */
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

  /** @type {import('hono').Hono<import('../http.mjs').GatewayEnv>} */
  const app = new Hono({ strict: false });
  for (const [route, handler] of Object.entries(routes)) {
    const [method, path] = route.split(' ');
    app.on(method, path, nodeRoute(handler));
  }
  return app;
}
