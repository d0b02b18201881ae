// @ts-check
/**
 * A build queue that coalesces (D17): one build running, at most one waiting. A request while nothing runs starts
 * a build at once; requests while a build runs all join the one waiting build, which starts when the running one
 * ends and so includes every change made before it started. Hand-written because the rule is the whole point:
 * generic queues (p-queue and the like) run every task they are given.
 */

/**
 * @template T
 * @typedef {{ ticket: T, coalesced: boolean }} Enqueued
 */

/**
 * @template T
 * @param {{ open: () => T, run: (ticket: T) => Promise<void> }} opts `open` makes the ticket of a new build (for
 *   instance the promise of its `site_builds` row), called synchronously so that concurrent requests cannot both
 *   open one; `run` performs the build and must not reject.
 */
export function createCoalescingQueue({ open, run }) {
  /** @type {T | undefined} */
  let waiting;
  /** @type {Promise<void> | undefined} */
  let running;
  /** @type {Array<() => void>} */
  let idleWaiters = [];

  function pump() {
    if (running || waiting === undefined) {
      if (!running && waiting === undefined) {
        const w = idleWaiters;
        idleWaiters = [];
        for (const resolve of w) resolve();
      }
      return;
    }
    const ticket = waiting;
    waiting = undefined;
    running = run(ticket)
      .catch(() => {})
      .finally(() => {
        running = undefined;
        pump();
      });
  }

  return {
    /** @returns {Enqueued<T>} */
    request() {
      if (waiting !== undefined) return { ticket: waiting, coalesced: true };
      const ticket = open();
      waiting = ticket;
      // Start at once when idle; otherwise the ticket waits for the running build to end.
      queueMicrotask(pump);
      return { ticket, coalesced: false };
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
