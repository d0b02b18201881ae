// @ts-check
/**
 * The warm builder's process (warm-builder.mjs, #28): it loads Astro once and runs `build()` for each build the
 * publisher sends over IPC, in the environment sent with it, so that a publish does not pay for starting Node,
 * loading Astro and Vite and warming the JIT each time. What it prints is the build's log. It never holds the
 * service-role key (D2): the publisher forks it without.
 *
 * Messages: in `{ type: 'build', env, full }`; out `{ type: 'done', code }` (0, or 1 when the build threw: its
 * message is printed first, as `astro build` prints it). It exits on its own after a build that left it larger than
 * MAX_RSS (each build leaves some memory behind), and the publisher starts a new one for the next.
 */
import { PROJECT_ROOT } from '@boudha/local-supabase/config';

/** Past this, the process ends after its build and the next build starts a new one (each build leaves ~35 MB). */
const MAX_RSS = 1536 * 1024 * 1024;
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
  process.send?.({ type: 'done', code }, () => {
    if (process.memoryUsage().rss > MAX_RSS) process.exit(0);
  });
});
// The publisher is gone (it stopped without saying so, or crashed): nothing will ask for a build again.
process.on('disconnect', () => process.exit(0));
