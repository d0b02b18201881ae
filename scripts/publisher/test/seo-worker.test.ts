/**
 * The SEO report in a worker thread (seo-worker.mjs, #28): the same report as made in the process, for a folder and
 * for a layered release, with the page facts kept between reports; and a worker that was stopped is started again.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { seoReport } from '../seo-report.mjs';
import { createSeoWorker } from '../seo-worker.mjs';
import { folderView, manifestView } from '../release-view.mjs';
import { BREAKAGES, SITE_URL, cleanSite, writeSite } from '../../../tests/fixtures/seo-site';

const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

/** A built site with one broken link, as a folder; returns it. */
async function site() {
  const dir = await mkdtemp(path.join(tmpdir(), 'seo-worker-'));
  dirs.push(dir);
  const spec = cleanSite();
  BREAKAGES['broken-link'](spec);
  await writeSite(path.join(dir, 'b1'), spec);
  return dir;
}

const withoutTime = <T extends { duration_ms: number }>(r: T) => ({ ...r, duration_ms: 0 });

describe('the SEO worker', () => {
  it('makes the report the process would, for a folder and for the same files as a layered release', async () => {
    const dir = await site();
    const worker = createSeoWorker();
    try {
      const folder = folderView(path.join(dir, 'b1'));
      const here = await seoReport(folder, { siteUrl: SITE_URL });
      expect(here.total).toBeGreaterThan(0);
      expect(withoutTime(await worker.report(folder, { siteUrl: SITE_URL }))).toEqual(withoutTime(here));
      const files = Object.fromEntries(folder.list().map((f) => [f, 'b1']));
      const layered = manifestView(dir, { name: 'b1', files });
      expect(withoutTime(await worker.report(layered, { siteUrl: SITE_URL }))).toEqual(withoutTime(here));
      // Asked again, from the facts it kept: the same.
      expect(withoutTime(await worker.report(layered, { siteUrl: SITE_URL }))).toEqual(withoutTime(here));
    } finally {
      await worker.stop();
    }
  });

  it('answers with the error of a release it cannot read, and starts again after being stopped', async () => {
    const dir = await site();
    const worker = createSeoWorker();
    try {
      const missing = manifestView(dir, { name: 'gone', files: { 'index.html': 'gone' } });
      await expect(worker.report(missing, { siteUrl: SITE_URL })).rejects.toThrow(/index\.html|gone|ENOENT/);
      await worker.stop();
      const report = await worker.report(folderView(path.join(dir, 'b1')), { siteUrl: SITE_URL });
      expect(report.total).toBeGreaterThan(0);
    } finally {
      await worker.stop();
    }
  });
});
