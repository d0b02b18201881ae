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

/**
 * What the process writes on its stdout and its stderr after a build's output, before it says 'done'. Its output
 * comes through two pipes and 'done' through the IPC channel, which the builder may read first: without the mark,
 * the last lines of a build (the error of a failed one) could be read after the build was over, and lost (#28, a
 * test of the builder saw it). The builder ends a build once it has read the mark on both, or after FLUSH_WAIT_MS.
 */
export const OUTPUT_END = '\u0000warm-builder: end of output\u0000';
/** How long the builder waits for OUTPUT_END after 'done' (a process that never writes it, or a pipe stuck). */
const FLUSH_WAIT_MS = 2000;

/**
 * Takes a pipe's text apart at OUTPUT_END: `out` gets the output, `end` is told of each mark. A mark split between
 * two reads is found: the end of a read that could begin one is held back for the next.
 * @param {(text: string) => void} out
 * @param {() => void} end
 */
function outputReader(out, end) {
  let held = '';
  return (/** @type {Buffer} */ chunk) => {
    let text = held + chunk.toString();
    held = '';
    for (let i = text.indexOf(OUTPUT_END); i >= 0; i = text.indexOf(OUTPUT_END)) {
      if (i > 0) out(text.slice(0, i));
      end();
      text = text.slice(i + OUTPUT_END.length);
    }
    for (let k = Math.min(text.length, OUTPUT_END.length - 1); k > 0; k--)
      if (OUTPUT_END.startsWith(text.slice(-k))) {
        held = text.slice(-k);
        text = text.slice(0, -k);
        break;
      }
    if (text) out(text);
  };
}

/**
 * @param {{ childScript?: string, cwd?: string }} [opts] `childScript`: the process to keep warm (tests give a
 *   stand-in that speaks the same messages; default warm-builder-child.mjs); `cwd`: where it runs (the project;
 *   a test gives a missing folder, so that starting it fails).
 */
export function createWarmBuilder({ childScript = CHILD, cwd = PROJECT_ROOT } = {}) {
  /** @type {import('node:child_process').ChildProcess | null} */
  let child = null;
  let childCode = '';
  /**
   * The running build: its process, where its output goes, and the OUTPUT_END marks read since it started (one per
   * pipe ends its output). Output and marks of any other process (one replaced, its last data still coming) are not
   * its. @type {{ c: import('node:child_process').ChildProcess, text: (t: string) => void, ends: number, onEnd: () => void } | null}
   */
  let running = null;
  let stopped = false;
  /** The warm process asked to be replaced while a build ran in it: it is, once that build is over. */
  let retireAfterBuild = false;

  /**
   * Replaces the warm process with a new one, which loads Astro now, while nobody waits, rather than at the next
   * publish. Only between builds: the process asks (a 'retire' message) and the builder decides when, so that no
   * build is ever sent to a process on its way out.
   */
  const replace = () => {
    retireAfterBuild = false;
    const old = child;
    child = null;
    old?.kill('SIGTERM');
    if (!stopped) start(childCode);
  };

  const start = (/** @type {string} */ code) => {
    const c = fork(childScript, [], {
      cwd,
      env: {
        ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'SUPABASE_SERVICE_ROLE_KEY')),
        NO_COLOR: '1',
        FORCE_COLOR: '0',
        ASTRO_TELEMETRY_DISABLED: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    for (const pipe of [c.stdout, c.stderr])
      pipe?.on(
        'data',
        outputReader(
          (text) => running?.c === c && running.text(text),
          () => {
            if (running?.c !== c) return;
            running.ends++;
            running.onEnd();
          },
        ),
      );
    c.once('exit', () => {
      if (child === c) child = null;
    });
    // A process that cannot be started (no memory, too many processes) or reached fails the build it was for
    // (run(), below), never the publisher's process, which serves the live site: the next build starts another.
    c.on('error', () => {
      if (child === c) child = null;
    });
    // It has grown too large (warm-builder-child.mjs): replaced now, or after the build it is running.
    c.on('message', (/** @type {any} */ msg) => {
      if (msg?.type !== 'retire' || child !== c) return;
      if (running) retireAfterBuild = true;
      else replace();
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
        const build = {
          c,
          text: (/** @type {string} */ text) => {
            output = (output + text).slice(-LOG_TAIL_CHARS * 2);
          },
          ends: 0,
          onEnd: () => {},
        };
        let finished = false;
        const finish = (/** @type {number | string | null} */ result) => {
          if (finished) return;
          finished = true;
          clearTimeout(timer);
          clearTimeout(flushTimer);
          c.off('message', onMessage);
          c.off('exit', onExit);
          c.off('error', onError);
          if (running === build) running = null;
          if (retireAfterBuild && child === c) replace();
          resolve({ code: result, output, timedOut, limit });
        };
        /** @type {ReturnType<typeof setTimeout> | undefined} */
        let flushTimer;
        /** 'done' came, with the build's result: it ends once both pipes have given their whole output (OUTPUT_END). */
        let done = /** @type {{ result: number | string | null } | null} */ (null);
        const onMessage = (/** @type {any} */ msg) => {
          if (msg?.type !== 'done' || done) return;
          const result = msg.code;
          done = { result };
          if (build.ends >= 2) return finish(result);
          build.onEnd = () => build.ends >= 2 && finish(result);
          flushTimer = setTimeout(() => finish(result), FLUSH_WAIT_MS);
        };
        // A process that exits after 'done' (it was told to stop) does not undo the build it finished.
        const onExit = (/** @type {number | null} */ exitCode, /** @type {string | null} */ signal) =>
          finish(done ? done.result : (signal ?? (exitCode === 0 ? 1 : exitCode)));
        const onError = (/** @type {Error} */ err) => {
          output += `\nThe build process could not run: ${err.message}\n`;
          finish(1);
        };
        const timer = setTimeout(() => {
          timedOut = true;
          c.kill('SIGKILL');
        }, limit);
        running = build;
        c.on('message', onMessage);
        c.once('exit', onExit);
        c.once('error', onError);
        onStart?.(c);
        c.send({
          type: 'build',
          full,
          env: { ASTRO_OUT_DIR: outDir, BUILD_REPORT: reportFileOf(outDir), ...env },
        });
      });
    },
    /** The warm process's pid, if there is one (for tests). */
    pid: () => child?.pid ?? null,
    /** Stops the warm process (the publisher is stopping). */
    stop() {
      stopped = true;
      child?.kill('SIGTERM');
      child = null;
    },
  };
}
