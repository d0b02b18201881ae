// @ts-check
/**
 * A build queue that coalesces (D17): one build running, at most one waiting. A request while nothing runs starts
 * a build at once; requests while a build runs all join the one waiting build, which starts when the running one
 * ends and so includes every change made before it started. Hand-written because the rule is the whole point:
 * generic queues (p-queue and the like) run every task they are given.
 *
 * With `settleMs`, the waiting build lets a burst of saves settle first: once the running build has ended, it starts
 * when no request has come for `settleMs`, and at the latest `maxSettleMs` after that build ended. A burst of saves
 * longer than one build then makes two builds, not three or more, and its last save goes live sooner than it would
 * in a third build. A request while nothing runs or waits still starts its build at once.
 */

/**
 * @template T
 * @typedef {{ ticket: T, coalesced: boolean }} Enqueued
 */

/**
 * @template T
 * @param {{ open: () => T, run: (ticket: T) => Promise<void>, settleMs?: number, maxSettleMs?: number }} opts
 *   `open` makes the ticket of a new build (for instance the promise of its `site_builds` row), called synchronously
 *   so that concurrent requests cannot both open one; `run` performs the build and must not reject; `settleMs` and
 *   `maxSettleMs` as above (0: the waiting build starts the moment the running one ends).
 */
export function createCoalescingQueue({ open, run, settleMs = 0, maxSettleMs = settleMs }) {
  /** @type {T | undefined} */
  let waiting;
  /** @type {Promise<void> | undefined} */
  let running;
  /** @type {Array<() => void>} */
  let idleWaiters = [];
  /** When the latest request came (performance.now(): a clock the system's time setting cannot move). */
  let lastRequestAt = 0;
  /** When the build that the waiting one waited for ended; null when the waiting build need not settle. */
  /** @type {number | null} */
  let settleFrom = null;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let settleTimer;
  /** Set by hurry(): no build settles any more (a publisher that stops). */
  let hurried = false;

  function pump() {
    if (settleTimer) return;
    if (running || waiting === undefined) {
      if (!running && waiting === undefined) {
        const w = idleWaiters;
        idleWaiters = [];
        for (const resolve of w) resolve();
      }
      return;
    }
    if (settleFrom !== null) {
      const wait = Math.min(lastRequestAt + settleMs, settleFrom + maxSettleMs) - performance.now();
      if (wait > 0) {
        settleTimer = setTimeout(() => {
          settleTimer = undefined;
          pump();
        }, wait);
        return;
      }
    }
    settleFrom = null;
    const ticket = waiting;
    waiting = undefined;
    running = run(ticket)
      .catch(() => {})
      .finally(() => {
        running = undefined;
        if (waiting !== undefined && settleMs > 0 && !hurried) settleFrom = performance.now();
        pump();
      });
  }

  return {
    /** @returns {Enqueued<T>} */
    request() {
      lastRequestAt = performance.now();
      if (waiting !== undefined) return { ticket: waiting, coalesced: true };
      const ticket = open();
      waiting = ticket;
      // Start at once when idle; otherwise the ticket waits for the running build to end (and the burst to settle).
      queueMicrotask(pump);
      return { ticket, coalesced: false };
    },
    /** Starts the waiting build now if it is only settling, and lets none settle from now on (a publisher that stops). */
    hurry() {
      hurried = true;
      settleFrom = null;
      if (settleTimer) clearTimeout(settleTimer);
      settleTimer = undefined;
      pump();
    },
    /** True while a build runs or waits. */
    get busy() {
      return Boolean(running) || waiting !== undefined;
    },
    /** Resolves when no build runs or waits. */
    idle() {
      if (!running && waiting === undefined) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(() => resolve(undefined)));
    },
  };
}
