/**
 * Hosted Auth limits password sign-ins and sign-ups per client address (#26: 160 of 160 attempts across emails were
 * accepted, each a bcrypt): `sign_in_sign_ups`, 30 per 5 minutes, read from supabase/config.toml `[auth.rate_limit]`.
 * On a stack of its own, with the figure the file gives and with a small one, so the refusal is reached quickly.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '@boudha/local-supabase/config';
import { readProjectConfig } from '@boudha/local-supabase/project-config';
import { resetDataDir, startStack, type Stack } from '@boudha/local-supabase/stack';

const PORTS = { apiPort: 25341, dbPort: 25342 };
const dataDir = path.join(PROJECT_ROOT, `.data/test-auth-limit-${PORTS.apiPort}`);
let stack: Stack;

beforeAll(async () => {
  await resetDataDir(dataDir);
  stack = await startStack({ dataDir, ...PORTS, quiet: true, limits: { signInsPerIp: 5 } });
}, 60_000);
afterAll(async () => {
  await stack?.stop();
  await resetDataDir(dataDir);
});

const signIn = (email: string) =>
  fetch(`${stack.env.PUBLIC_SUPABASE_URL}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: stack.env.PUBLIC_SUPABASE_ANON_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'not-the-password' }),
  });

describe('sign-ins per client address', () => {
  it('are 30 per 5 minutes on a hosted project, as config.toml says', () => {
    expect(readProjectConfig().auth.signInsPerIp).toBe(30);
  });

  it('are refused with 429 past the limit, whatever email each attempt names', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await signIn(`guess-${i}@mail.example`)).status);
    // Five wrong passwords (400), then the address is out of attempts for every email.
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    const refused = await signIn('someone-else@mail.example');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ code: 'over_request_rate_limit' });
  });
});
