/** Typed helpers for tests that talk to the real local stack through supabase-js, as the site does. */
import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import type { Database } from '../../src/lib/supabase/database.types';
import { upsertStaffUser } from '../../scripts/lib/staff.mjs';

export type Client = SupabaseClient<Database>;
export type Role = 'anon' | 'user' | 'admin';

export const stackInfo = () => inject('stack');

const noSession = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };

export function anonClient(): Client {
  const s = stackInfo();
  return createClient<Database>(s.url, s.anonKey, noSession);
}

export function serviceClient(): Client {
  const s = stackInfo();
  return createClient<Database>(s.url, s.serviceRoleKey, noSession);
}

/** A direct superuser connection, for what no API exposes (catalog checks). Remember to end it. */
export function dbClient() {
  return new pg.Client({ connectionString: stackInfo().databaseUrl });
}

export const uniqueEmail = (tag = 'user') => `${tag}-${randomUUID().slice(0, 8)}@test.example`;

/** Creates a staff user (admin or no role) and returns a client signed in as that user. */
export async function signedInClient(role: 'admin' | 'none', email = uniqueEmail(role)) {
  const s = stackInfo();
  const password = `pw-${randomUUID()}`;
  const { id } = await upsertStaffUser({ url: s.url, serviceRoleKey: s.serviceRoleKey, email, password, role });
  const client = createClient<Database>(s.url, s.anonKey, noSession);
  const { error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw error;
  return { client, id, email, password };
}

/** Clients for the three roles of the RLS matrix. */
export async function roleClients(): Promise<Record<Role, Client> & { userId: string; adminId: string }> {
  const user = await signedInClient('none');
  const admin = await signedInClient('admin');
  return { anon: anonClient(), user: user.client, admin: admin.client, userId: user.id, adminId: admin.id };
}

/** Calls /auth/v1 directly, as curl would: no client-side session handling in the way. */
export async function authFetch(path: string, init: { method?: string; token?: string; body?: unknown } = {}) {
  const s = stackInfo();
  const res = await fetch(`${s.url}/auth/v1${path}`, {
    method: init.method ?? 'GET',
    headers: {
      apikey: s.anonKey,
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    body: (text ? JSON.parse(text) : null) as Record<string, unknown> | null,
  };
}
