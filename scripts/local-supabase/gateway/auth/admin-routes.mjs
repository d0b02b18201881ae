// @ts-check
/** /auth/v1/admin/users (service role only): list, create, read, update and delete users, as GoTrue answers. */
import { Hono } from 'hono';
import { sendJson, readJson, nodeRoute, refuse } from '../http.mjs';
import { API_VERSION_HEADERS, USER_COLUMNS, authError, checkMetadata, checkNewPassword, userJson } from './rules.mjs';

const UUID_RE = /^[0-9a-f-]{36}$/i;
const userNotFound = () => authError(404, 'user_not_found', 'User not found');

/**
 * @param {{ pool: import('pg').Pool }} ctx
 * @param {import('./users.mjs').Users} users
 */
export function adminRoutes({ pool }, users) {
  /** @type {import('hono').Hono<import('../http.mjs').GatewayEnv>} */
  const app = new Hono({ strict: false });

  app.use('*', async (c, next) => {
    await users.requireServiceRole(c.env.incoming);
    await next();
  });
  // Anything that is not a user's id is no user (GoTrue answers 404 before it looks at the method).
  app.use('/:id', async (c, next) => {
    if (!UUID_RE.test(c.req.param('id'))) throw userNotFound();
    await next();
  });

  app.get(
    '/',
    nodeRoute(async (_req, res, url) => {
      const page = Math.max(1, Number(url.searchParams.get('page') ?? 1) || 1);
      const perPage = Math.min(1000, Math.max(1, Number(url.searchParams.get('per_page') ?? 50) || 50));
      const { rows } = await pool.query(
        `select ${USER_COLUMNS} from auth.users order by created_at limit $1 offset $2`,
        [perPage, (page - 1) * perPage],
      );
      const total = (await pool.query('select count(*)::int as n from auth.users')).rows[0].n;
      sendJson(res, 200, { users: rows.map(userJson), aud: 'authenticated' }, { 'X-Total-Count': String(total) });
    }),
  );

  app.post(
    '/',
    nodeRoute(async (req, res) => {
      const body = await readJson(req);
      const user = await users.createUser({
        email: body.email,
        password: body.password,
        data: body.user_metadata ?? body.data ?? {},
        appData: body.app_metadata ?? {},
      });
      sendJson(res, 200, userJson(user), API_VERSION_HEADERS);
    }),
  );

  app.get(
    '/:id',
    nodeRoute(async (_req, res, _url, c) => {
      const { rows } = await pool.query(`select ${USER_COLUMNS} from auth.users where id = $1`, [c.req.param('id')]);
      if (!rows[0]) throw userNotFound();
      sendJson(res, 200, userJson(rows[0]));
    }),
  );

  app.put(
    '/:id',
    nodeRoute(async (req, res, _url, c) => {
      const id = c.req.param('id');
      const body = await readJson(req);
      if (body.password !== undefined) checkNewPassword(body.password);
      const current = await pool.query('select raw_user_meta_data, raw_app_meta_data from auth.users where id = $1', [
        id,
      ]);
      if (!current.rows[0]) throw userNotFound();
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
      if (!rows[0]) throw userNotFound();
      sendJson(res, 200, userJson(rows[0]));
    }),
  );

  app.delete(
    '/:id',
    nodeRoute(async (_req, res, _url, c) => {
      const { rows } = await pool.query(`delete from auth.users where id = $1 returning ${USER_COLUMNS}`, [
        c.req.param('id'),
      ]);
      if (!rows[0]) throw userNotFound();
      sendJson(res, 200, userJson(rows[0]));
    }),
  );

  app.all(
    '/:id',
    refuse(() => authError(405, 'method_not_allowed', 'Method not allowed')),
  );
  app.all('*', refuse(userNotFound));
  return app;
}
