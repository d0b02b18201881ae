// @ts-check
/**
 * Which Node runs the project's scripts (used by scripts/launch.mjs and scripts/use-node.sh).
 *
 * The minimum is package.json's `engines.node` (`>=22.12`); the pinned Node fetched when the machine's is older
 * is the version in scripts/node-version, from the npm registry's `node-<platform>-<arch>` package, kept in
 * `.tools/node-<version>-<platform>-<arch>/`.
 *
 * Plain ESM without dependencies, in syntax and APIs Node 18 has: it runs before we know the Node is new enough.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const TOOLS_DIR = path.join(PROJECT_ROOT, '.tools');

/**
 * The platforms whose `node-<platform>-<arch>` package the npm registry has at the pinned version (checked with
 * `npm view` when the pin changes). macOS is missing: the registry's node-darwin-* packages skip most releases.
 */
export const FETCHABLE = ['linux-x64', 'linux-arm64', 'win-x64'];

/** @param {string} v e.g. `24.21.0`, `v20.20.2`, `22.12` → [24, 21, 0] */
export function parseVersion(v) {
  const m = /^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(String(v).trim());
  if (!m) throw new Error(`not a Node version: ${v}`);
  return [Number(m[1]), Number(m[2] ?? 0), Number(m[3] ?? 0)];
}

/**
 * @param {string} have e.g. process.versions.node
 * @param {string} min e.g. `22.12`
 */
export function atLeast(have, min) {
  const a = parseVersion(have);
  const b = parseVersion(min);
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i] > b[i];
  return true;
}

/** @param {string} engines package.json `engines.node`; only the `>=X.Y[.Z]` form is understood. */
export function minimumFromEngines(engines) {
  const m = /^\s*>=\s*v?(\d+(?:\.\d+){0,2})\s*$/.exec(String(engines ?? ''));
  if (!m)
    throw new Error(
      `package.json engines.node must read ">=X.Y" for scripts/launch.mjs, got ${JSON.stringify(engines)}`,
    );
  return m[1];
}

/** The Node versions this checkout asks for. */
export function projectVersions(root = PROJECT_ROOT) {
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const minimum = minimumFromEngines(pkg.engines?.node);
  const pinned = readFileSync(path.join(root, 'scripts/node-version'), 'utf8').trim();
  if (!atLeast(pinned, minimum))
    throw new Error(`scripts/node-version (${pinned}) is older than engines.node ${minimum}`);
  return { minimum, pinned };
}

/**
 * The registry package holding Node for a platform and architecture, or undefined when it has none we fetch.
 * @param {string} platform process.platform
 * @param {string} arch process.arch
 * @param {{ musl?: boolean }} [opts] the official builds need glibc
 */
export function nodePackage(platform, arch, opts = {}) {
  const os = platform === 'win32' ? 'win' : platform;
  const key = `${os}-${arch}`;
  if (!FETCHABLE.includes(key) || (os === 'linux' && opts.musl)) return undefined;
  return { name: `node-${key}`, key, exe: os === 'win' ? 'bin/node.exe' : 'bin/node' };
}

/** True on a Linux whose C library is not glibc (Alpine's musl): the registry's Node builds do not run there. */
function isMusl() {
  if (process.platform !== 'linux') return false;
  try {
    const report = /** @type {{ header?: { glibcVersionRuntime?: string } }} */ (process.report?.getReport());
    return !report?.header?.glibcVersionRuntime;
  } catch {
    return false;
  }
}

/**
 * Supported-platform wording for error messages.
 * @param {string} platform
 * @param {string} arch
 * @param {string} minimum
 */
export function unsupportedMessage(platform, arch, minimum) {
  const os = platform === 'win32' ? 'win' : platform;
  return (
    `this project needs Node >= ${minimum}, and this machine's is ${process.versions.node}. ` +
    `There is no Node to fetch from the npm registry for ${os}-${arch}${isMusl() ? ' (musl libc)' : ''}: ` +
    `it is fetched only on ${FETCHABLE.join(', ')} (glibc on Linux). ` +
    `Install Node ${minimum} or newer yourself (https://nodejs.org/, or nvm install 24) and run the command again.`
  );
}

/** @param {string} msg */
const say = (msg) => process.stderr.write(`launch: ${msg}\n`);

/**
 * The Node executable to run the project's scripts with: this process's own when new enough, else the pinned
 * Node in .tools/ (fetched from the npm registry the first time). Throws with a clear message when it cannot.
 * @param {{ root?: string }} [opts]
 * @returns {{ exe: string, fetched: boolean, dir?: string }}
 */
export function ensureNode(opts = {}) {
  const root = opts.root ?? PROJECT_ROOT;
  const { minimum, pinned } = projectVersions(root);
  if (atLeast(process.versions.node, minimum)) return { exe: process.execPath, fetched: false };

  const pkg = nodePackage(process.platform, process.arch, { musl: isMusl() });
  if (!pkg) throw new Error(unsupportedMessage(process.platform, process.arch, minimum));
  const tools = path.join(root, '.tools');
  const dir = path.join(tools, `node-${pinned}-${pkg.key}`);
  const exe = path.join(dir, pkg.exe);
  if (existsSync(exe)) return { exe, fetched: true, dir };

  const t0 = Date.now();
  say(
    `Node ${process.versions.node} is older than ${minimum}, which this project needs: fetching Node ${pinned} ` +
      `(${pkg.name}, about 30 MB) from the npm registry into .tools/, once…`,
  );
  mkdirSync(tools, { recursive: true });
  // Installed next to its final place, then renamed: a second launch racing this one never sees half a Node.
  const staging = mkdtempSync(path.join(tools, '.install-'));
  try {
    const args = [
      'install',
      '--prefix',
      staging,
      '--no-save',
      '--no-package-lock',
      '--no-audit',
      '--no-fund',
      '--ignore-scripts',
      '--loglevel=error',
      `${pkg.name}@${pinned}`,
    ];
    const npmCli = process.env.npm_execpath;
    const useCli = npmCli && /\.c?js$/.test(npmCli) && existsSync(npmCli);
    // Not the npm-run variables of the command that started us: the nested install is a project of its own.
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([k]) => !/^npm_(package_|lifecycle_|config_(local_prefix|global)$)/i.test(k)),
    );
    const r = useCli
      ? spawnSync(process.execPath, [npmCli, ...args], { cwd: tools, env, stdio: ['ignore', 2, 2] })
      : spawnSync('npm', args, { cwd: tools, env, stdio: ['ignore', 2, 2], shell: process.platform === 'win32' });
    const fetchedExe = path.join(staging, 'node_modules', pkg.name, pkg.exe);
    if (r.error || r.status !== 0 || !existsSync(fetchedExe)) {
      throw new Error(
        `could not fetch Node ${pinned} (npm install ${pkg.name}@${pinned} ${r.error ? `failed: ${r.error.message}` : `exited ${r.status}`}; ` +
          `its output is above). Check that the npm registry is reachable, or install Node ${minimum} or newer yourself and run the command again.`,
      );
    }
    const v = spawnSync(fetchedExe, ['--version'], { encoding: 'utf8' });
    if (v.status !== 0 || v.stdout.trim() !== `v${pinned}`) {
      throw new Error(
        `the fetched Node ${pinned} does not run on this machine (${(v.error?.message ?? v.stderr ?? '').trim() || `exit ${v.status}`}). ` +
          `Install Node ${minimum} or newer yourself and run the command again.`,
      );
    }
    try {
      renameSync(path.join(staging, 'node_modules', pkg.name), dir);
    } catch (err) {
      if (!existsSync(exe)) throw err; // else another launch got there first
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  say(`Node ${pinned} ready in .tools/ (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  return { exe, fetched: true, dir };
}

/**
 * The environment for a child run with `node`: when it is the fetched Node, its folder first on PATH (anything
 * that runs `node` by name gets it too) and npm's `nodedir` pointing at its headers (a machine-wide npm config
 * may name the old Node's, which breaks native addon builds).
 * @param {{ exe: string, fetched: boolean, dir?: string }} node
 * @param {NodeJS.ProcessEnv} [env]
 */
export function childEnv(node, env = process.env) {
  if (!node.fetched || !node.dir) return env;
  const pathKey = Object.keys(env).find((k) => k.toUpperCase() === 'PATH') ?? 'PATH';
  return {
    ...env,
    [pathKey]: [path.dirname(node.exe), env[pathKey]].filter(Boolean).join(path.delimiter),
    npm_config_nodedir: node.dir,
    npm_node_execpath: node.exe,
    NODE: node.exe,
  };
}

/**
 * The JavaScript file behind a command of node_modules/.bin (eslint, astro, tsc, vitest, playwright…), so it can
 * be run with a chosen Node rather than whichever `node` its `#!/usr/bin/env node` line finds.
 * @param {string} name
 * @param {string} [root]
 */
export function resolveBin(name, root = PROJECT_ROOT) {
  const shim = path.join(root, 'node_modules', '.bin', name);
  /** @type {import('node:fs').Stats} */
  let st;
  try {
    st = lstatSync(shim);
  } catch {
    throw new Error(`there is no "${name}" in node_modules/.bin: run npm install first`);
  }
  if (st.isSymbolicLink()) return realpathSync(shim);
  // Windows (or --no-bin-links) writes shell shims instead of links; they name the file as "$basedir/../pkg/…".
  const text = readFileSync(shim, 'utf8');
  const target = [...text.matchAll(/"\$basedir\/(\.\.\/[^"]+)"/g)].map((m) => m[1])[0];
  return target ? path.resolve(path.dirname(shim), target) : shim;
}
