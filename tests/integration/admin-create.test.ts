/** `npm run admin:create` as a person runs it, against the test stack (its URL and key in the environment). */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createClient } from '@supabase/supabase-js';
import { serviceClient, stackInfo, uniqueEmail } from '../helpers/supabase';

const run = promisify(execFile);

async function adminCreate(...args: string[]) {
  const s = stackInfo();
  try {
    const { stdout, stderr } = await run(process.execPath, ['scripts/admin-create.mjs', ...args], {
      env: {
        ...process.env,
        PUBLIC_SUPABASE_URL: s.url,
        PUBLIC_SUPABASE_ANON_KEY: s.anonKey,
        SUPABASE_SERVICE_ROLE_KEY: s.serviceRoleKey,
      },
    });
    return { code: 0, out: stdout + stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

const roleOf = async (email: string) => {
  const svc = serviceClient();
  const { data } = await svc.auth.admin.listUsers({ perPage: 1000 });
  const user = data.users.find((u) => u.email === email);
  const { data: roles } = await svc.from('user_roles').select('role').eq('user_id', user!.id);
  return roles?.[0]?.role ?? 'none';
};

describe('admin:create', () => {
  it('creates an admin who can sign in, then updates the password and removes the role on request', async () => {
    const email = uniqueEmail('staff');
    const first = await adminCreate('--email', email, '--password', 'first-password');
    expect(first).toMatchObject({ code: 0 });
    expect(first.out).toMatch(`Created ${email}`);
    expect(await roleOf(email)).toBe('admin');

    const again = await adminCreate('--email', email, '--password', 'second-password', '--role', 'none');
    expect(again.out).toMatch(`Updated ${email}`);
    expect(await roleOf(email)).toBe('none');

    const client = createClient(stackInfo().url, stackInfo().anonKey, { auth: { persistSession: false } });
    expect((await client.auth.signInWithPassword({ email, password: 'first-password' })).error?.code).toBe(
      'invalid_credentials',
    );
    expect((await client.auth.signInWithPassword({ email, password: 'second-password' })).error).toBeNull();
  });

  it.each([
    [['--email', 'a@b.example'], /--email and --password are required/],
    [['--email', 'a@b.example', '--password', 'long-enough-1', '--role', 'owner'], /--role must be admin or none/],
    [['--email', 'a@b.example', '--password', 'short'], /at least 8 characters/],
  ])('refuses %j with a clear message and exit code 1', async (args, message) => {
    const r = await adminCreate(...args);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(message);
  });
});
