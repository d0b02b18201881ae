// @ts-check
/**
 * /auth/v1: the part of GoTrue that supabase-js uses (password and refresh-token grants with rotation, sign-up
 * with metadata, logout with scope, user) and the admin user API that `npm run admin:create` uses. Users,
 * sessions and refresh tokens live in tables laid out like Supabase's auth schema; passwords are bcrypt ($2a$)
 * hashes made by pgcrypto, the format hosted Supabase stores.
 *
 * Hand-written because no library serves GoTrue's HTTP API on top of an existing Postgres; only the calls the
 * project makes are answered, with GoTrue's status codes and error shapes. Routed by Hono: the user's routes
 * (session-routes.mjs) and the admin API (admin-routes.mjs) over one set of users and sessions (users.mjs).
 */
import { Hono } from 'hono';
import { refuse } from '../http.mjs';
import { adminRoutes } from './admin-routes.mjs';
import { authError } from './rules.mjs';
import { sessionRoutes } from './session-routes.mjs';
import { createUsers } from './users.mjs';

export { checkMetadata, checkNewPassword, MAX_METADATA_BYTES, MAX_PASSWORD_BYTES, userJson } from './rules.mjs';

/**
 * @param {{ pool: import('pg').Pool, key: Uint8Array, apiUrl: string, allowSignup: boolean, emailEnabled?: boolean, jwtExpiry?: number, limits?: Partial<import('../limits.mjs').GatewayLimits> }} ctx
 */
export function authRoutes(ctx) {
  const users = createUsers(ctx);
  /** @type {import('hono').Hono<import('../http.mjs').GatewayEnv>} */
  const app = new Hono({ strict: false });
  app.route('/admin/users', adminRoutes(ctx, users));
  app.route('/', sessionRoutes(ctx, users));
  app.all(
    '*',
    refuse(() => authError(404, 'not_found', 'Not found')),
  );
  return app;
}
