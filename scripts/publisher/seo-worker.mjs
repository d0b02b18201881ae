// @ts-check
/**
 * The SEO report (seo-report.mjs, #29) in a worker thread of its own, so that making it never holds the process
 * that serves the site: at 10,000 pages its checks run 1.2 s without a pause, and the site server lives in the same
 * process as the publisher (npm start), so every guest's request in that time waited for it (#28). The worker
 * keeps each page file's facts between reports, as the publisher did (a file in a build folder never changes), and
 * is started again after a crash. Its thread never keeps the process alive.
 */
import { Worker } from 'node:worker_threads';

const THREAD = new URL('./seo-worker-thread.mjs', import.meta.url);

export function createSeoWorker() {
  /** @type {Worker | null} */
  let worker = null;
  let next = 0;
  /** @type {Map<number, { resolve: (r: any) => void, reject: (e: Error) => void }>} */
  const waiting = new Map();

  const failAll = (/** @type {Error} */ err) => {
    for (const w of waiting.values()) w.reject(err);
    waiting.clear();
  };

  const start = () => {
    const w = new Worker(THREAD);
    w.unref();
    w.on('message', (/** @type {{ id: number, report?: any, error?: string }} */ msg) => {
      const entry = waiting.get(msg.id);
      if (!entry) return;
      waiting.delete(msg.id);
      if (msg.error !== undefined) entry.reject(new Error(msg.error));
      else entry.resolve(msg.report);
    });
    w.on('error', (err) => {
      if (worker === w) worker = null;
      failAll(err);
    });
    w.on('exit', (code) => {
      if (worker === w) worker = null;
      failAll(new Error(`the SEO worker stopped (${code})`));
    });
    return w;
  };

  return {
    /**
     * The report of a release, made in the worker.
     * @param {import('./release-view.mjs').ReleaseView} view
     * @param {{ siteUrl: string }} opts
     * @returns {Promise<import('./seo-report.mjs').SeoReport>}
     */
    report(view, { siteUrl }) {
      worker ??= start();
      const id = next++;
      const w = worker;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        w.postMessage({ id, source: view.source(), siteUrl });
      });
    },
    /** Ends the worker (the publisher is stopping). */
    async stop() {
      const w = worker;
      worker = null;
      await w?.terminate();
    },
  };
}
