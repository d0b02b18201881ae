// @ts-check
/**
 * The warm builder's process (warm-builder.mjs, #28): it loads Astro once and runs `build()` for each build the
 * publisher sends over IPC, in the environment sent with it, so that a publish does not pay for starting Node,
 * loading Astro and Vite and warming the JIT each time. What it prints is the build's log. It never holds the
 * service-role key (D2): the publisher forks it without.
 *
 * Messages: in `{ type: 'build', env, full }`; out `{ type: 'done', code }` (0, or 1 when the build threw: its
 * message is printed first, as `astro build` prints it). After each build it collects its garbage (while it waits
 * for the next) and asks to be replaced when what is left passes MAX_HEAP or MAX_RSS (each build leaves some memory
 * behind: the modules of its bundle, about 12 MB); the builder then starts a new one (warm-builder.mjs).
 */
import v8 from 'node:v8';
import vm from 'node:vm';
import { PROJECT_ROOT } from '@boudha/local-supabase/config';
import { endPrefetch } from '../../src/lib/content/prefetch.ts';
import { OUTPUT_END } from './warm-builder.mjs';

/**
 * Limits on what a build leaves, measured after a full collection. Before one, the size of the process says little:
 * a full build of 10,000 posts takes it past 1.5 GB, most of it garbage, and restarting for that cost the next
 * publish 2.5 s of cold start (npm run bench:publish, #28). What stays is mostly the code of each build's bundle
 * (about 12 MB a build), and every collection walks it: publishes grew 4 ms slower a build. The first build of a
 * new process costs about 1.3 s more (a cold JIT), so the process is replaced about every 25 builds, when the two
 * costs are even.
 */
const MAX_HEAP = 384 * 1024 * 1024;
const MAX_RSS = 2560 * 1024 * 1024;
/**
 * A full garbage collection on demand, without exposing `gc` to the build's code (some tools call it when they find
 * it): the flag is set, and the function taken from a fresh context.
 */
v8.setFlagsFromString('--expose-gc');
const collect = /** @type {() => void} */ (vm.runInNewContext('gc'));
/** The environment it was started with; each build's own variables are laid over it, and taken off after. */
const base = { ...process.env };
const { build } = await import('astro');

process.on('message', async (/** @type {{ type: string, env: Record<string, string>, full?: boolean }} */ msg) => {
  if (msg?.type !== 'build') return;
  for (const k of Object.keys(process.env)) if (!(k in base)) delete process.env[k];
  Object.assign(process.env, base, msg.env);
  let code = 0;
  try {
    await build({ root: PROJECT_ROOT, force: Boolean(msg.full) });
  } catch (err) {
    code = 1;
    const message = err instanceof Error ? err.message : String(err);
    console.error(`[ERROR] ${message}\nStack trace:\n${err instanceof Error ? err.stack : ''}`);
  }
  // A build that failed before its end leaves its early database reads (src/lib/content/prefetch.ts) running and
  // their responses held: stopped and dropped now, not at the next build, so that they count in no memory check.
  endPrefetch();
  // The end of this build's output on both pipes, before 'done' (which comes by another way, OUTPUT_END).
  process.stdout.write(OUTPUT_END);
  process.stderr.write(OUTPUT_END);
  process.send?.({ type: 'done', code }, () => {
    collect();
    const { heapUsed, rss } = process.memoryUsage();
    // The builder replaces this process when no build runs in it (warm-builder.mjs): exiting here could drop a
    // build it had already sent.
    if (heapUsed > MAX_HEAP || rss > MAX_RSS) process.send?.({ type: 'retire' });
  });
});
// The publisher is gone (it stopped without saying so, or crashed): nothing will ask for a build again.
process.on('disconnect', () => process.exit(0));
