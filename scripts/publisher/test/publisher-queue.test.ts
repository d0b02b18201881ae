import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCoalescingQueue } from '../queue.mjs';
import { buildError, buildTimeoutMs, leftOut, timedOutError } from '../build-runner.mjs';

/** A queue whose builds end when the test says so. */
function harness(settle: { settleMs?: number; maxSettleMs?: number } = {}) {
  const started: number[] = [];
  const finishers: Array<() => void> = [];
  let n = 0;
  const queue = createCoalescingQueue({
    ...settle,
    open: () => ++n,
    run: (ticket: number) =>
      new Promise<void>((resolve) => {
        started.push(ticket);
        finishers.push(resolve);
      }),
  });
  const tick = () => new Promise((r) => setTimeout(r, 0));
  return { queue, started, finishers, finish: async () => (finishers.shift()?.(), await tick()), tick };
}

describe('the coalescing build queue', () => {
  it('starts a build at once when idle', async () => {
    const h = harness();
    expect(h.queue.request()).toEqual({ ticket: 1, coalesced: false });
    await h.tick();
    expect(h.started).toEqual([1]);
  });

  it('turns any number of requests during a build into exactly one more build', async () => {
    const h = harness();
    h.queue.request();
    await h.tick();
    const during = Array.from({ length: 10 }, () => h.queue.request());
    expect(during[0]).toEqual({ ticket: 2, coalesced: false });
    expect(during.slice(1).every((r) => r.ticket === 2 && r.coalesced)).toBe(true);
    expect(h.started).toEqual([1]);
    await h.finish();
    expect(h.started).toEqual([1, 2]);
    await h.finish();
    expect(h.queue.busy).toBe(false);
    expect(h.started).toEqual([1, 2]);
  });

  it('coalesces requests made in the same tick before the first build starts', async () => {
    const h = harness();
    const a = h.queue.request();
    const b = h.queue.request();
    expect([a.coalesced, b.coalesced, b.ticket]).toEqual([false, true, 1]);
    await h.tick();
    expect(h.started).toEqual([1]);
  });

  it('resolves idle() only when nothing runs or waits, and keeps going after a failed build', async () => {
    const started: number[] = [];
    let n = 0;
    const queue = createCoalescingQueue({
      open: () => ++n,
      run: async (t: number) => {
        started.push(t);
        if (t === 1) throw new Error('boom');
      },
    });
    queue.request();
    queue.request();
    await queue.idle();
    queue.request();
    await queue.idle();
    expect(started).toEqual([1, 2]);
    expect(queue.busy).toBe(false);
  });
});

describe('the coalescing build queue, letting a burst settle', () => {
  afterEach(() => {
    vi.useRealTimers();
  });
  /** Fake clock and timers: the test moves time, so nothing depends on the machine's speed. */
  const fake = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  const advance = (ms: number) => vi.advanceTimersByTimeAsync(ms);
  /** On the fake clock: build 1 running, and a build asked for behind it. */
  async function oneWaiting(settle: { settleMs: number; maxSettleMs: number }) {
    fake();
    const h = harness(settle);
    h.queue.request();
    await advance(0);
    h.queue.request();
    return h;
  }

  it('still starts a build at once when nothing runs or waits', async () => {
    fake();
    const h = harness({ settleMs: 500, maxSettleMs: 3000 });
    h.queue.request();
    await advance(0);
    expect(h.started).toEqual([1]);
  });

  it('starts the waiting build once the saves have paused, so a burst longer than a build makes two builds', async () => {
    fake();
    const h = harness({ settleMs: 500, maxSettleMs: 3000 });
    h.queue.request(); // save 1 starts build 1
    await advance(0);
    for (let i = 0; i < 5; i++) {
      await advance(180);
      h.queue.request();
    }
    // Build 1 ends while the saves still come: build 2 waits for them to pause.
    h.finishers.shift()!();
    await advance(0);
    expect(h.started).toEqual([1]);
    for (let i = 0; i < 4; i++) {
      await advance(180);
      h.queue.request();
    }
    expect(h.started).toEqual([1]);
    await advance(499);
    expect(h.started).toEqual([1]);
    await advance(1);
    expect(h.started).toEqual([1, 2]);
    h.finishers.shift()!();
    await advance(0);
    expect(h.queue.busy).toBe(false);
    expect(h.started).toEqual([1, 2]);
  });

  it('waits at most maxSettleMs after the build it waited for', async () => {
    const h = await oneWaiting({ settleMs: 500, maxSettleMs: 1000 });
    h.finishers.shift()!();
    // Saves every 0.3 s never pause for 0.5 s: the build starts 1 s after build 1 ended all the same.
    for (let t = 0; t < 900; t += 300) {
      await advance(300);
      h.queue.request();
    }
    expect(h.started).toEqual([1]);
    await advance(100);
    expect(h.started).toEqual([1, 2]);
  });

  it('starts a settling build at once when hurried (a stopping publisher)', async () => {
    const h = await oneWaiting({ settleMs: 500, maxSettleMs: 3000 });
    h.finishers.shift()!();
    await advance(0);
    expect(h.started).toEqual([1]);
    h.queue.hurry();
    expect(h.started).toEqual([1, 2]);
  });

  it('lets no build settle once hurried, even one that waits behind a running build', async () => {
    const h = await oneWaiting({ settleMs: 500, maxSettleMs: 3000 });
    h.queue.hurry(); // the publisher stops while build 1 runs
    h.finishers.shift()!();
    await advance(0);
    expect(h.started).toEqual([1, 2]);
  });
});

describe('buildError', () => {
  it("quotes Astro's error line", () => {
    const log = 'building…\n\x1b[31m[ERROR]\x1b[39m Could not read contact_details: fetch failed\n  at x\n';
    expect(buildError(log, 1)).toBe(
      'astro build exited with code 1: [ERROR] Could not read contact_details: fetch failed',
    );
  });
  it('gives the cause of a thrown error, not its stack trace', () => {
    // What astro build printed against hosted Supabase with a wrong key (#25).
    const log = [
      ' generating static routes ',
      'Build-time read of blog_posts failed: Invalid API key',
      '  Stack trace:',
      '    at readFailed (file:///app/.astro/.prerender/chunks/site_Bi4OeKby.mjs:425:8)',
      '    at process.processTicksAndRejections (node:internal/process/task_queues:104:5)',
      '    at async Promise.all (index 0)',
    ].join('\n');
    expect(buildError(log, 1)).toBe(
      'astro build exited with code 1: Build-time read of blog_posts failed: Invalid API key',
    );
  });
  it('gives the cause of an error thrown in an integration hook, above its location', () => {
    // A wrong key, refused before Vite (checkBuildKey in astro:build:start, #28).
    const log = [
      '[ERROR] [hotel:incremental-cache] An unhandled error occurred while running the "astro:build:start" hook',
      'Build-time read of seo_settings failed: Invalid API key',
      '  Location:',
      '    /app/src/lib/content/client.ts:33:8',
      '  Stack trace:',
      '    at readFailed (/app/src/lib/content/client.ts:33:8)',
    ].join('\n');
    expect(buildError(log, 1)).toBe(
      'astro build exited with code 1: Build-time read of seo_settings failed: Invalid API key',
    );
  });
  it('falls back to the last line of output', () => {
    expect(buildError('a\nb\nc\nd\ne\n', 2)).toBe('astro build exited with code 2: e');
  });
});

describe('the build time limit', () => {
  it('is 15 minutes unless BUILD_TIMEOUT_MS says otherwise, and a bad value keeps the default', () => {
    expect(buildTimeoutMs({})).toBe(900_000);
    expect(buildTimeoutMs({ BUILD_TIMEOUT_MS: '120000' })).toBe(120_000);
    expect(buildTimeoutMs({ BUILD_TIMEOUT_MS: '' })).toBe(900_000);
    // A malformed limit is refused, naming the variable, rather than quietly replaced.
    expect(() => buildTimeoutMs({ BUILD_TIMEOUT_MS: 'soon' })).toThrow(/BUILD_TIMEOUT_MS must be a whole number/);
    expect(() => buildTimeoutMs({ BUILD_TIMEOUT_MS: '-5' })).toThrow(/BUILD_TIMEOUT_MS/);
  });
  it('says how long it was in words staff read', () => {
    expect(timedOutError(900_000)).toBe(
      'The build took longer than 15 minutes (BUILD_TIMEOUT_MS) and was stopped; the live site was kept.',
    );
    expect(timedOutError(90_000)).toMatch(/longer than 2 minutes/);
    expect(timedOutError(5_000)).toMatch(/longer than 5 s/);
  });
});

describe('leftOut', () => {
  it("keeps each [content] line of the build's output once, for site_builds.left_out", () => {
    const log = [
      '12:00:01 [build] generating',
      '\x1b[33m[content] pages 7 (dots) custom_url: "/../menu/" cannot be built; left out\x1b[39m',
      '[content] blog_posts 3 (x) featured_image: "http://[bad" is not an http(s) URL or a path; left out',
      '[content] pages 7 (dots) custom_url: "/../menu/" cannot be built; left out',
      '[images] something else',
    ].join('\n');
    expect(leftOut(log)).toEqual([
      'pages 7 (dots) custom_url: "/../menu/" cannot be built; left out',
      'blog_posts 3 (x) featured_image: "http://[bad" is not an http(s) URL or a path; left out',
    ]);
    expect(leftOut(Array.from({ length: 300 }, (_, i) => `[content] row ${i}`).join('\n'))).toHaveLength(200);
  });
});
