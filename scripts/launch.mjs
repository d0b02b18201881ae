// @ts-check
/**
 * Runs a project script, or a command of a dependency, with Node >= package.json's engines.node. Every npm script
 * goes through it, so `npm install && npm start` and `npm test` work whatever Node runs npm:
 *
 *   node scripts/launch.mjs <script.mjs> [args…]    a script of ours
 *   node scripts/launch.mjs --bin <name> [args…]    a command of node_modules/.bin (astro, eslint, tsc, vitest…)
 *   node scripts/launch.mjs --which                 prints the Node it runs them with (scripts/use-node.sh)
 *
 * With this machine's Node when new enough; else with the Node pinned in scripts/node-version, fetched once from
 * the npm registry into .tools/ (scripts/lib/node-runtime.mjs). The script runs as a child: arguments pass
 * through, SIGINT/SIGTERM/SIGHUP are forwarded (Ctrl-C stops it as it would without the launcher), and its exit
 * status or signal becomes ours.
 *
 * Written for Node 18 and later: it is what runs before we know the Node is new enough.
 */
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { childEnv, ensureNode, resolveBin } from './lib/node-runtime.mjs';

/** @param {string} msg */
const fail = (msg, code = 1) => {
  process.stderr.write(`launch: ${msg}\n`);
  process.exit(code);
};

const argv = process.argv.slice(2);
const USAGE = 'usage: node scripts/launch.mjs <script> [args…] | --bin <name> [args…] | --which';

const which = argv[0] === '--which';
/** @type {string[]} */
let args = [];
if (which) {
  if (argv.length > 1) fail(USAGE, 2);
} else if (argv[0] === '--bin') {
  if (!argv[1]) fail(USAGE, 2);
  try {
    args = [resolveBin(argv[1]), ...argv.slice(2)];
  } catch (err) {
    fail(err instanceof Error ? err.message : String(err));
    throw err;
  }
} else if (argv[0] && !argv[0].startsWith('-')) {
  args = argv;
} else {
  fail(USAGE, 2);
}

/** @type {{ exe: string, fetched: boolean, dir?: string }} */
let node;
try {
  node = ensureNode();
} catch (err) {
  fail(err instanceof Error ? err.message : String(err));
  throw err; // unreachable: fail exits
}
if (which) {
  process.stdout.write(`${node.exe}\n`);
  process.exit(0);
}

/** @type {NodeJS.Signals[]} */
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];
/** @type {Partial<Record<NodeJS.Signals, number>>} */
const lastForward = {};
/** @type {import('node:child_process').ChildProcess | undefined} */
let child;
/** @param {NodeJS.Signals} signal */
function forward(signal) {
  // One Ctrl-C reaches us twice (from the terminal and from npm, which forwards it) and the child once more
  // from the terminal: pass a burst on once, as npm would without us. A second Ctrl-C later is passed on.
  const now = Date.now();
  if (now - (lastForward[signal] ?? 0) < 250) return;
  lastForward[signal] = now;
  if (child && child.exitCode === null && child.signalCode === null) child.kill(signal);
}
// Listening before the child exists: a signal that came between the spawn and the listeners (a busy machine can hold
// this process that long) ended the launcher by default and left the child running with nobody to stop it.
for (const s of SIGNALS) process.on(s, forward);
child = spawn(node.exe, args, { stdio: 'inherit', env: childEnv(node) });
// One that came while it was being spawned.
for (const s of SIGNALS) if (lastForward[s]) child.kill(s);

child.on('error', (err) => fail(`could not run ${node.exe}: ${err.message}`));
child.on('exit', (code, signal) => {
  if (!signal) process.exit(code ?? 1);
  // Die of the same signal, so npm and shells see what the script saw.
  for (const s of SIGNALS) process.off(s, forward);
  process.kill(process.pid, signal);
  setTimeout(() => process.exit(128 + (constants.signals[signal] ?? 1)), 500);
});
