/** astro:env/client for the admin's component tests: a Supabase nobody answers at (these tests make no calls). */
export const PUBLIC_SUPABASE_URL = 'http://127.0.0.1:9';
export const PUBLIC_SUPABASE_ANON_KEY = 'component-test';
