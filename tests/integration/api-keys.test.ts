/**
 * Both kinds of Supabase API key work against the local stack, as on a hosted project: the legacy JWT keys
 * (anon, service_role) and the new opaque ones (`sb_publishable_…` for anon, `sb_secret_…` for the service role),
 * through the unmodified supabase-js, with the bearer fallback on (the default) and off.
 */
import { createClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../src/lib/supabase/database.types';
import { stackInfo, uniqueEmail } from '../helpers/supabase';
import { upsertStaffUser } from '../../scripts/lib/staff.mjs';

const client = (key: string) =>
  createClient<Database>(stackInfo().url, key, { auth: { persistSession: false, autoRefreshToken: false } });

/** A plain request with the key in `apikey` only, as supabase-js sends it to functions. */
const rest = (key: string, path: string) => fetch(`${stackInfo().url}/rest/v1/${path}`, { headers: { apikey: key } });

describe('API keys', () => {
  it('names both key kinds in the stack settings, the new ones in their Supabase shapes', () => {
    const s = stackInfo();
    expect(s.publishableKey).toMatch(/^sb_publishable_[\w-]{20,}$/);
    expect(s.secretKey).toMatch(/^sb_secret_[\w-]{20,}$/);
    expect(s.anonKey.split('.')).toHaveLength(3);
  });

  it('reads as anon with the publishable key: public rows yes, build history and writes no', async () => {
    const anon = client(stackInfo().publishableKey);
    const { data, error } = await anon.from('categories').select('slug');
    expect(error).toBeNull();
    expect(data?.length).toBeGreaterThan(0);
    const builds = await anon.from('site_builds').select('id');
    expect(builds.error?.code).toBe('42501');
    const insert = await anon.from('categories').insert({ name: 'Nope', slug: 'nope-key' });
    expect(insert.error?.code).toBe('42501');
    expect((await rest(stackInfo().publishableKey, 'categories?select=slug')).status).toBe(200);
    expect((await rest(stackInfo().publishableKey, 'site_builds?select=id')).status).toBe(401);
  });

  it('acts as the service role with the secret key, through supabase-js and with the key in apikey only', async () => {
    const service = client(stackInfo().secretKey);
    const { error } = await service.from('site_builds').select('id').limit(1);
    expect(error).toBeNull();
    const { data: users, error: adminError } = await service.auth.admin.listUsers();
    expect(adminError).toBeNull();
    expect(Array.isArray(users.users)).toBe(true);
    expect((await rest(stackInfo().secretKey, 'site_builds?select=id')).status).toBe(200);
  });

  it('signs a staff member in with the publishable key, and their token decides from then on', async () => {
    const s = stackInfo();
    const email = uniqueEmail('keys');
    const password = 'pw-keys-123456';
    await upsertStaffUser({ url: s.url, serviceRoleKey: s.secretKey, email, password, role: 'admin' });
    const staff = client(s.publishableKey);
    const { error } = await staff.auth.signInWithPassword({ email, password });
    expect(error).toBeNull();
    const { data, error: readError } = await staff.from('site_builds').select('id').limit(1);
    expect(readError).toBeNull();
    expect(Array.isArray(data)).toBe(true);
  });

  it('refuses a made-up key of either shape with 401 "Invalid API key"', async () => {
    for (const key of ['sb_publishable_not-a-real-key-000000', 'sb_secret_not-a-real-key-0000000000']) {
      const res = await fetch(`${stackInfo().url}/rest/v1/categories?select=slug`, { headers: { apikey: key } });
      expect(res.status).toBe(401);
      expect(((await res.json()) as { message: string }).message).toBe('Invalid API key');
    }
  });
});
