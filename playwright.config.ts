import { defineConfig, devices } from '@playwright/test';
import { browserPath } from './scripts/lib/browser.mjs';
import { testEnvironment } from './tests/helpers/env';

/**
 * The browser npm test found (CHROME_PATH), else a system Chromium or Chrome or Playwright's download
 * (scripts/lib/browser.mjs); flags that keep it quiet on a closed network, as root.
 */
const launchOptions = {
  executablePath: browserPath(),
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export const E2E_SITE_PORT = testEnvironment().E2E_SITE_PORT;
/** The publisher's live build (tests/e2e/publish.spec.ts). */
export const E2E_PUBLISH_PORT = testEnvironment().E2E_PUBLISH_PORT;

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  // Its own folder: Playwright empties it, and test-results/vitest.json must survive.
  outputDir: 'test-results/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // npm test runs these alongside vitest (scripts/run-tests.mjs): two suites on two cores, so waits get room.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_SITE_PORT}`,
    launchOptions,
    trace: 'off',
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], launchOptions }, grepInvert: /@phone/ },
    { name: 'phone', use: { ...devices['Pixel 7'], launchOptions }, grep: /@phone/ },
  ],
});
