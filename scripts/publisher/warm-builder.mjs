// @ts-check
/**
 * A builder kept warm between publishes (#28): one child process (warm-builder-child.mjs) that has loaded Astro and
 * runs each build through Astro's programmatic `build()`, instead of a new `astro build` process per publish, which
 * spent about 0.8 s starting Node and loading Astro, Vite and the config, and ran its bundling on a cold JIT
 * (`npm run bench:publish` prints the time table). Same contract as build-runner.mjs's `runBuild`: the environment
 * without the service-role key plus the build's own, a time limit that kills the process, and the output of the
 * build. A killed, crashed or timed-out builder is simply started again for the next build; so is one whose code
 * changed (`code`, releases.mjs's codeDigest), since it holds Astro and our integrations as they were loaded.
 */
import { fork } from 'node:child_process';
import path from 'node:path';
import { PROJECT_ROOT } from '@boudha/local-supabase/config';
import { LOG_TAIL_CHARS, buildTimeoutMs, reportFileOf } from './build-runner.mjs';

const CHILD = path.join(path.dirname(new URL(import.meta.url).pathname), 'warm-builder-child.mjs');

export function createWarmBuilder() {
  /** @type {import('node:child_process').ChildProcess | null} */
  let child = null;
  let childCode = '';
  /** Where the running build's output goes. @type {((chunk: Buffer) => void) | null} */
  let sink = null;
  let stopped = false;

  const start = (/** @type {string} */ code) => {
    const c = fork(CHILD, [], {
      cwd: PROJECT_ROOT,
      env: {
        ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'SUPABASE_SERVICE_ROLE_KEY')),
        NO_COLOR: '1',
        FORCE_COLOR: '0',
        ASTRO_TELEMETRY_DISABLED: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    c.stdout?.on('data', (b) => sink?.(b));
    c.stderr?.on('data', (b) => sink?.(b));
    c.once('exit', (exitCode) => {
      if (child !== c) return;
      child = null;
      // It ended itself between builds, having grown too large (warm-builder-child.mjs): its successor loads Astro
      // now, while nobody waits, rather than at the next publish.
      if (exitCode === 0 && !sink && !stopped) start(childCode);
    });
    // An idle builder never keeps the publisher's process alive (a build's time limit does while it runs); if the
    // publisher goes away without stopping it, the child sees the channel close and exits.
    c.unref();
    c.channel?.unref();
    for (const pipe of [c.stdout, c.stderr]) /** @type {import('node:net').Socket} */ (pipe)?.unref();
    child = c;
    childCode = code;
    return c;
  };

  return {
    /**
     * Runs one build into `outDir` in the warm process (started first when there is none, or its code is old).
     * @param {{ outDir: string, full?: boolean, env: Record<string, string>, code?: string, onStart?: (child: import('node:child_process').ChildProcess) => void }} opts
     * @returns {Promise<{ code: number | string | null, output: string, timedOut: boolean, limit: number }>}
     */
    run({ outDir, full = false, env, code = '', onStart }) {
      const limit = buildTimeoutMs();
      if (child && childCode !== code) child.kill('SIGKILL');
      const c = child && child.connected && childCode === code ? child : start(code);
      let output = '';
      let timedOut = false;
      return new Promise((resolve) => {
        const finish = (/** @type {number | string | null} */ result) => {
          clearTimeout(timer);
          c.off('message', onMessage);
          c.off('exit', onExit);
          sink = null;
          resolve({ code: result, output, timedOut, limit });
        };
        const onMessage = (/** @type {any} */ msg) => msg?.type === 'done' && finish(msg.code);
        const onExit = (/** @type {number | null} */ exitCode, /** @type {string | null} */ signal) =>
          finish(signal ?? (exitCode === 0 ? 1 : exitCode));
        const timer = setTimeout(() => {
          timedOut = true;
          c.kill('SIGKILL');
        }, limit);
        sink = (b) => {
          output = (output + b.toString()).slice(-LOG_TAIL_CHARS * 2);
        };
        c.on('message', onMessage);
        c.once('exit', onExit);
        onStart?.(c);
        c.send({
          type: 'build',
          full,
          env: { ASTRO_OUT_DIR: outDir, BUILD_REPORT: reportFileOf(outDir), ...env },
        });
      });
    },
    /** Stops the warm process (the publisher is stopping). */
    stop() {
      stopped = true;
      child?.kill('SIGTERM');
      child = null;
    },
  };
}
