// @ts-check
/**
 * The SEO worker's thread (seo-worker.mjs): makes each report it is asked for, one at a time, from a description of
 * the release (a folder, or a manifest and the folder of builds), with the page facts of the reports before.
 */
import { parentPort } from 'node:worker_threads';
import { viewFrom } from './release-view.mjs';
import { seoReport } from './seo-report.mjs';

/** Each page file's facts (seo-report.mjs readSite): a file in a build folder never changes. */
const cache = new Map();

parentPort?.on(
  'message',
  async (/** @type {{ id: number, source: import('./release-view.mjs').ViewSource, siteUrl: string }} */ msg) => {
    try {
      const report = await seoReport(viewFrom(msg.source), { siteUrl: msg.siteUrl, cache });
      parentPort?.postMessage({ id: msg.id, report });
    } catch (err) {
      parentPort?.postMessage({ id: msg.id, error: err instanceof Error ? err.message : String(err) });
    }
  },
);
