// @ts-check
/** Staff accounts through Supabase's admin API (works against the local stack and hosted Supabase alike). */
import { createClient } from '@supabase/supabase-js';

/**
 * Creates the user, or updates its password when the email exists, then sets its role.
 * @param {{ url: string, serviceRoleKey: string, email: string, password: string, role?: 'admin' | 'none', username?: string, fullName?: string }} input
 * @returns {Promise<{ id: string, created: boolean }>}
 */
export async function upsertStaffUser({ url, serviceRoleKey, email, password, role = 'admin', username, fullName }) {
  const admin = createClient(url, serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false } });
  const wanted = email.trim().toLowerCase();
  /** @type {string | undefined} */
  let id;
  for (let page = 1; !id; page++) {
    const { data, error } = await admin.auth.admin.listUsers({ page, perPage: 1000 });
    if (error) throw new Error(`Could not list users: ${error.message}`);
    id = data.users.find((u) => u.email?.toLowerCase() === wanted)?.id;
    if (data.users.length < 1000) break;
  }
  const metadata = { username: username ?? wanted.split('@')[0], full_name: fullName ?? '' };
  let created = false;
  if (id) {
    const { error } = await admin.auth.admin.updateUserById(id, { password, email_confirm: true });
    if (error) throw new Error(`Could not update ${email}: ${error.message}`);
  } else {
    const { data, error } = await admin.auth.admin.createUser({
      email: wanted,
      password,
      email_confirm: true,
      user_metadata: metadata,
    });
    if (error || !data.user) throw new Error(`Could not create ${email}: ${error?.message}`);
    id = data.user.id;
    created = true;
  }
  if (role === 'admin') {
    const { error } = await admin.from('user_roles').upsert({ user_id: id, role: 'admin' }, { onConflict: 'user_id' });
    if (error) throw new Error(`Could not grant the admin role: ${error.message}`);
  } else {
    const { error } = await admin.from('user_roles').delete().eq('user_id', id);
    if (error) throw new Error(`Could not remove the role: ${error.message}`);
  }
  return { id, created };
}
