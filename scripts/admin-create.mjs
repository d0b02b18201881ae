// @ts-check
/**
 * `npm run admin:create -- --email E --password P [--role admin|none] [--username U] [--full-name N]`
 * Creates a staff user or updates its password, and sets its role (admin by default; none removes it).
 *
 * Against the running local stack by default; against hosted Supabase with PUBLIC_SUPABASE_URL and
 * SUPABASE_SERVICE_ROLE_KEY set, where the key may be a secret key (sb_secret_…) or the legacy service_role JWT:
 * supabase-js takes either, and nothing here reads the key as a JWT (docs/deploy.md).
 */
import { parseArgs } from 'node:util';
import { upsertStaffUser } from './lib/staff.mjs';
import { supabaseEnv } from './lib/env.mjs';

const usage =
  'Usage: npm run admin:create -- --email E --password P [--role admin|none] [--username U] [--full-name N]';
try {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      role: { type: 'string', default: 'admin' },
      username: { type: 'string' },
      'full-name': { type: 'string' },
    },
  });
  if (!values.email || !values.password) throw new Error(`--email and --password are required.\n${usage}`);
  if (values.role !== 'admin' && values.role !== 'none') throw new Error(`--role must be admin or none.\n${usage}`);
  if (values.password.length < 8) throw new Error('The password must have at least 8 characters.');
  const env = await supabaseEnv({ needServiceRole: true });
  const { id, created } = await upsertStaffUser({
    url: env.url,
    serviceRoleKey: env.serviceRoleKey,
    email: values.email,
    password: values.password,
    role: values.role,
    username: values.username,
    fullName: values['full-name'],
  });
  console.log(`${created ? 'Created' : 'Updated'} ${values.email} (${id}) with role ${values.role}.`);
} catch (err) {
  console.error(`admin:create: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
}
