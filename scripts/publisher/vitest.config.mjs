// @ts-check
import { defineProject } from 'vitest/config';

// The package's own unit tests; the root's vitest.config.ts lists this project, so npm test runs them too.
export default defineProject({
  test: {
    name: 'publisher',
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // It runs beside the integration suite and Playwright in npm test, on two cores (the root's vitest.config.ts).
    testTimeout: 30_000,
  },
});
