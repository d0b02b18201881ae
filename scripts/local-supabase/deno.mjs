// @ts-check
/**
 * Real Deno for the Edge Functions, from the npm package `deno` pinned in package.json (its binary comes in npm's
 * optional platform packages, no download). The version follows hosted Supabase's Edge Runtime, which runs Deno 2.1
 * (docs/decisions.md says where that figure comes from). `npm test` type-checks every function with its own
 * deno.json and serves each one under Deno against the local stack (tests/integration/edge-functions-deno.test.ts).
 */
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PROJECT_ROOT } from './config.mjs';
import { stackEnvironment } from './env.mjs';

const require = createRequire(import.meta.url);
export const FUNCTIONS_DIR = path.join(PROJECT_ROOT, 'supabase/functions');
const SERVE = path.join(PROJECT_ROOT, 'tests/deno/serve.ts');
/**
 * What the functions may read: their own folder, and the site's host rules, which `not-found` imports (plain ESM
 * with no import of their own: src/lib/host/redirects.mjs and not-found-paths.mjs, one copy of each rule, #27, #29).
 * Hosted, a function's static imports are bundled at deploy wherever they lie and need no permission; here the
 * entry is imported dynamically (tests/deno/serve.ts), and Deno asks read permission for every module it loads then.
 */
const READABLE = [FUNCTIONS_DIR, path.join(PROJECT_ROOT, 'src/lib/host')];

/** The function names: every folder of supabase/functions but the shared `_…` ones, as the CLI deploys them. */
export function functionNames() {
  return readdirSync(FUNCTIONS_DIR, { withFileTypes: true })
    .filter((d) => d.isDirectory() && !d.name.startsWith('_'))
    .map((d) => d.name)
    .sort();
}

/** The Deno binary (the package's install step links it; run again, it only returns the path). */
export function denoPath() {
  return /** @type {string} */ (require('deno/install_api.cjs').runInstall());
}

/**
 * Deno's environment: its module cache under .data (npm packages of the functions' imports, fetched from the npm
 * registry once), the system's certificate store besides Deno's own (machines behind a TLS-inspecting proxy), no
 * update check, no colour.
 * @returns {NodeJS.ProcessEnv}
 */
export function denoEnv() {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    DENO_DIR: stackEnvironment().DENO_DIR ?? path.join(PROJECT_ROOT, '.data/deno'),
    DENO_TLS_CA_STORE: 'mozilla,system',
    DENO_NO_UPDATE_CHECK: '1',
    NO_COLOR: '1',
  };
}

/**
 * Runs `deno <args>` to its end.
 * @param {string[]} args
 * @returns {Promise<{ code: number, output: string }>}
 */
export function deno(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(denoPath(), args, { cwd: PROJECT_ROOT, env: denoEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (b) => (output += b));
    child.stderr.on('data', (b) => (output += b));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

/** `deno check` of one function's entry point with its own deno.json (its import map), as `functions deploy` does. */
export function checkFunction(/** @type {string} */ name) {
  const dir = path.join(FUNCTIONS_DIR, name);
  return deno(['check', '--no-lock', '--config', path.join(dir, 'deno.json'), path.join(dir, 'index.ts')]);
}

/**
 * Serves one function under Deno on a free port of 127.0.0.1, with the environment the platform would give it
 * (`env`: SUPABASE_URL, the keys, the function's secrets). Resolves once it listens.
 * @param {string} name
 * @param {Record<string, string>} env
 * @returns {Promise<{ url: string, output: () => string, stop: () => Promise<void> }>}
 */
export function serveFunction(name, env) {
  const dir = path.join(FUNCTIONS_DIR, name);
  const child = spawn(
    denoPath(),
    [
      'run',
      '--no-lock',
      '--allow-net',
      '--allow-env',
      `--allow-read=${READABLE.join(',')}`,
      '--config',
      path.join(dir, 'deno.json'),
      SERVE,
      pathToFileURL(path.join(dir, 'index.ts')).href,
    ],
    { cwd: PROJECT_ROOT, env: { ...denoEnv(), ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const stop = () =>
    new Promise((/** @type {(v: void) => void} */ resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('close', () => resolve());
      child.kill('SIGTERM');
    });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`deno: ${name} did not start within 60 s:\n${output}`));
    }, 60_000);
    const onData = (/** @type {Buffer} */ b) => {
      output += b;
      const m = /listening on (\d+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve({ url: `http://127.0.0.1:${m[1]}`, output: () => output, stop });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      reject(new Error(`deno: ${name} exited (${code}) before listening:\n${output}`));
    });
  });
}
