/**
 * The test harness's environment: the ports each suite runs its own stack and site on, and what the end-to-end
 * global setup hands its specs. Declared once with their defaults (src/lib/env/schema.mjs), checked all at once.
 */
import { envField, parseEnv } from '../../src/lib/env/schema.mjs';

export const TEST_ENV = {
  /** The integration tests' stack (npm start's is 54321): gateway, and Postgres (default the next port). */
  TEST_SUPABASE_PORT: envField.port(25331),
  TEST_DB_PORT: envField.port(),
  /** The end-to-end tests' stack, the built site, and the publishing test's site. */
  E2E_SUPABASE_PORT: envField.port(25381),
  E2E_SITE_PORT: envField.port(4391),
  E2E_PUBLISH_PORT: envField.port(4393),
};

export const testEnvironment = () => parseEnv('The tests', TEST_ENV);

/** What tests/e2e/global-setup.ts sets for the specs: the e2e stack and the built site's folder. */
const E2E_STACK_ENV = {
  E2E_SUPABASE_URL: envField.url(),
  E2E_ANON_KEY: envField.text(),
  E2E_SERVICE_ROLE_KEY: envField.text(),
  E2E_DIST: envField.text(),
};

export function e2eStack() {
  const env = parseEnv('The end-to-end tests', E2E_STACK_ENV, process.env, {
    E2E_SUPABASE_URL: true,
    E2E_ANON_KEY: true,
    E2E_SERVICE_ROLE_KEY: true,
    E2E_DIST: true,
  });
  return {
    url: env.E2E_SUPABASE_URL as string,
    anonKey: env.E2E_ANON_KEY as string,
    serviceRoleKey: env.E2E_SERVICE_ROLE_KEY as string,
    dist: env.E2E_DIST as string,
  };
}
