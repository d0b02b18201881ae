import { defineConfig } from 'vitest/config';

/**
 * The unit, admin and package tests run beside the integration suite and Playwright on two cores (npm test): tests
 * that start a process or convert an image took over vitest's default 5 s there on a slow day (CI runs 27 and 28,
 * each time other tests). A test that hangs still fails, at 30 s.
 */
const LOADED_TEST_TIMEOUT = 30_000;

/** Unit tests that mock a module (vi.mock) other files import: each in a module graph of its own. */
const MOCKING_UNIT_TESTS = ['tests/unit/markdown-fallback.test.ts'];

export default defineConfig({
  test: {
    projects: [
      // The tooling's workspace packages, each with its own tests (scripts/*/vitest.config.mjs).
      'scripts/local-supabase',
      'scripts/publisher',
      {
        // The pure modules' tests share their workers' module graph (isolate: false): 36 s of CPU became 17 s
        // (#28: npm test's time). Their order between files does not matter (checked with
        // --sequence.shuffle.files). A file that mocks a module others import runs apart, in unit-isolated.
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          exclude: [...MOCKING_UNIT_TESTS],
          environment: 'node',
          testTimeout: LOADED_TEST_TIMEOUT,
          isolate: false,
        },
      },
      {
        test: {
          name: 'unit-isolated',
          include: [...MOCKING_UNIT_TESTS],
          environment: 'node',
          testTimeout: LOADED_TEST_TIMEOUT,
        },
      },
      {
        // The admin's React forms, rendered with React Testing Library in happy-dom.
        resolve: { alias: { 'astro:env/client': new URL('./tests/admin/astro-env.ts', import.meta.url).pathname } },
        test: {
          name: 'admin',
          include: ['tests/admin/**/*.test.tsx'],
          environment: 'happy-dom',
          // Each file in a VM context of its own on a worker kept between files: isolated as before, but happy-dom
          // and the admin's modules are set up once per worker, not once per file (23 times). The project took 41 s
          // alone here, 12 s so (#28: npm test's time).
          pool: 'vmThreads',
          setupFiles: ['tests/admin/setup.ts'],
          testTimeout: LOADED_TEST_TIMEOUT,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/integration/global-setup.ts'],
          // One real stack is shared by every file; files run one after another so their data never collide.
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
