/**
 * Starts a real local stack for the integration tests, on its own ports and data dir (so a developer's
 * `npm start` can keep running), from a fresh database: migrations and seed applied anew every run.
 */
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { resetDataDir, startStack, type Stack } from '@boudha/local-supabase/stack';
import { testEnvironment } from '../helpers/env';

let stack: Stack | undefined;

export default async function setup(project: TestProject) {
  const env = testEnvironment();
  const apiPort = env.TEST_SUPABASE_PORT;
  const dbPort = env.TEST_DB_PORT ?? apiPort + 1;
  // One data dir per port, so two runs on different ports never share a database.
  const TEST_DATA_DIR = path.resolve(`.data/test-stack-${apiPort}`);
  await resetDataDir(TEST_DATA_DIR);
  // Sign-up is off in supabase/config.toml (D14), as on the hosted project; the tests of the sign-up call itself
  // (which the admin keeps) need it on. tests/integration/start.test.ts checks that `npm start` refuses it. The
  // suite signs in hundreds of users from 127.0.0.1, so hosted Auth's 30 sign-ins per address is off here;
  // tests/integration/auth-rate-limit.test.ts checks it on a stack of its own.
  stack = await startStack({
    dataDir: TEST_DATA_DIR,
    apiPort,
    dbPort,
    quiet: true,
    allowSignup: true,
    limits: { signInsPerIp: 0 },
  });
  project.provide('stack', {
    url: stack.env.PUBLIC_SUPABASE_URL,
    anonKey: stack.env.PUBLIC_SUPABASE_ANON_KEY,
    serviceRoleKey: stack.env.SUPABASE_SERVICE_ROLE_KEY,
    publishableKey: stack.env.SUPABASE_PUBLISHABLE_KEY,
    secretKey: stack.env.SUPABASE_SECRET_KEY,
    databaseUrl: stack.env.DATABASE_URL,
    dataDir: TEST_DATA_DIR,
    readyMs: stack.readyMs,
  });
  return async () => {
    await stack?.stop();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    stack: {
      url: string;
      anonKey: string;
      serviceRoleKey: string;
      publishableKey: string;
      secretKey: string;
      databaseUrl: string;
      dataDir: string;
      readyMs: number;
    };
  }
}
