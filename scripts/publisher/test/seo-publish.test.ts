/**
 * The publisher stores each live build's SEO report on its row (#29), after the switch, and a checker that throws
 * fails nothing: the build is live and recorded as succeeded, with no report. The next build never waits for a
 * report (#28). Two faults a review found are covered here too: a throw after the switch keeps the build live, and
 * a release composed but never switched (the process died) is dropped at the next start. The database and the build
 * are stand-ins (no stack, no astro build): a client that keeps `site_builds` rows in a map, and a build that writes
 * the files a live site needs.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterEach, describe, expect, it } from 'vitest';
import { createPublisher } from '../publisher.mjs';
import type { ReleaseView } from '../release-view.mjs';
import type { SeoReport } from '../seo-report.mjs';

type Row = Record<string, unknown> & { id: number };

/**
 * How long a poll waits for a publish step (compose, switch, a prune that deletes in a process of its own): one took
 * over vitest's default second when fresh-clone run 44 ran this file beside the other suites.
 */
const BUSY = { timeout: 10_000 };

/** A service-role client over a map of `site_builds` rows: insert, update by id; every other read finds nothing. */
function fakeDatabase() {
  const rows = new Map<number, Row>();
  let nextId = 1;
  const from = (table: string) => {
    const q = { op: 'select', fields: {} as Record<string, unknown>, id: undefined as number | undefined };
    const run = () => {
      if (table !== 'site_builds') return { data: [], error: null };
      if (q.op === 'insert') {
        const row: Row = { id: nextId++, ...q.fields };
        rows.set(row.id, row);
        return { data: { id: row.id, status: row.status }, error: null };
      }
      if (q.op === 'update' && q.id !== undefined) Object.assign(rows.get(q.id) ?? {}, q.fields);
      return { data: [], error: null };
    };
    const chain: Record<string, unknown> = {
      insert: (fields: Record<string, unknown>) => Object.assign(q, { op: 'insert', fields }) && chain,
      update: (fields: Record<string, unknown>) => Object.assign(q, { op: 'update', fields }) && chain,
      eq: (column: string, value: unknown) => {
        if (column === 'id') q.id = value as number;
        return chain;
      },
      then: (resolve: (v: unknown) => unknown, reject: (e: unknown) => unknown) =>
        Promise.resolve(run()).then(resolve, reject),
    };
    for (const name of ['select', 'in', 'gt', 'lte', 'order', 'limit', 'single']) chain[name] = () => chain;
    return chain;
  };
  // rpc: the retention job that start() begins (retention.mjs) finds nothing to delete.
  const rpc = async () => ({ data: { months: 24, messages: 0, subscribers: 0 }, error: null });
  return { db: { from, rpc } as unknown as SupabaseClient, rows };
}

/** A build that writes a tiny live site: a home page, the 404 page and the sitemap. */
const fakeBuild = async ({ outDir }: { outDir: string }) => {
  await mkdir(outDir, { recursive: true });
  await writeFile(path.join(outDir, 'index.html'), '<title>Home</title><h1>Home</h1><a href="/gone/">x</a>');
  await writeFile(path.join(outDir, '404.html'), '<title>Not found</title><h1>Not found</h1>');
  await writeFile(path.join(outDir, 'sitemap.xml'), '<urlset><url><loc>https://hotel.example/</loc></url></urlset>');
  return { code: 0, output: 'built', timedOut: false, limit: 60_000 };
};

const REPORT: SeoReport = {
  version: 1,
  pages: 2,
  total: 1,
  counts: { 'broken-link': 1 },
  findings: [{ kind: 'broken-link', path: '/', target: '/gone/', detail: 'The link to /gone/ reaches no page.' }],
  truncated: false,
  duration_ms: 3,
};

const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (stops.length) await stops.pop()?.();
});

async function publisher(
  seoReport?: (release: ReleaseView, opts: { siteUrl: string }) => Promise<SeoReport>,
  onLog?: (line: string) => void,
  dir?: string,
) {
  const dataDir = dir ?? (await mkdtemp(path.join(tmpdir(), 'publisher-seo-')));
  const { db, rows } = fakeDatabase();
  const logs: string[] = [];
  const pub = createPublisher({
    dataDir,
    supabaseUrl: 'http://127.0.0.1:9',
    anonKey: 'anon',
    serviceRoleKey: 'service',
    siteUrl: 'https://hotel.example',
    log: (line) => {
      logs.push(line);
      onLog?.(line);
    },
    db,
    runBuild: fakeBuild as never,
    seoReport,
  });
  stops.push(async () => {
    await pub.stop();
    await rm(dataDir, { recursive: true, force: true });
  });
  return { pub, rows, logs };
}

describe('the SEO report of a live build', () => {
  it('is made from the live folder after the switch and stored on the build’s row', async () => {
    const calls: Array<{ release: unknown; siteUrl: string; live: unknown; status: unknown }> = [];
    const { pub, rows, logs } = await publisher(async (release, { siteUrl }) => {
      calls.push({ release, siteUrl, live: pub.live(), status: rows.get(1)?.status });
      return REPORT;
    });
    const { build, done } = await pub.request({ trigger: 'cli' });
    await done;
    expect(rows.get(build!.id)).toMatchObject({ status: 'succeeded', page_count: 2, seo_report: REPORT });
    // Checked after the switch: the release checked is the live one, and its row already says it is live.
    expect(calls).toEqual([
      { release: pub.live(), siteUrl: 'https://hotel.example', live: pub.live(), status: 'succeeded' },
    ]);
    expect(calls[0].release).not.toBeNull();
    expect(logs).toContain(
      `[publisher] build ${build!.id} SEO report: 1 SEO problem (1 broken-link) in 2 pages, 0.0 s`,
    );
  });

  it('with the real checker, stores what the built HTML shows', async () => {
    const { pub, rows } = await publisher();
    const { build, done } = await pub.request({ trigger: 'cli' });
    await done;
    const report = rows.get(build!.id)?.seo_report as SeoReport;
    expect(report).toMatchObject({ version: 1, pages: 2, truncated: false });
    expect(report.findings.filter((f) => f.kind === 'broken-link')).toEqual([
      expect.objectContaining({ path: '/', target: '/gone/' }),
    ]);
    expect(report.total).toBe(report.findings.length);
  });

  it('never fails a publish: a checker that throws leaves the build live and succeeded, with no report', async () => {
    const { pub, rows, logs } = await publisher(async () => {
      throw new Error('the checker broke');
    });
    const { build, done } = await pub.request({ trigger: 'cli' });
    await done;
    const row = rows.get(build!.id);
    expect(row).toMatchObject({ status: 'succeeded', page_count: 2 });
    expect(row).not.toHaveProperty('seo_report');
    expect(row).not.toHaveProperty('error');
    expect(pub.liveDir()).not.toBeNull();
    expect(logs).toContain(
      `[publisher] build ${build!.id}: no SEO report (the checker broke); the build is live all the same`,
    );
    // The next publish runs as ever.
    const next = await pub.request({ trigger: 'cli' });
    await next.done;
    expect(rows.get(next.build!.id)).toMatchObject({ status: 'succeeded' });
  });

  it('never holds the next build: that goes live while the report runs; the reports are stored in order (#28)', async () => {
    const started: number[] = [];
    const release: Array<() => void> = [];
    const { pub, rows } = await publisher(async () => {
      started.push(started.length + 1);
      await new Promise<void>((resolve) => release.push(resolve));
      return { ...REPORT, duration_ms: started.length };
    });
    const first = await pub.request({ trigger: 'cli' });
    let firstDone = false;
    void first.done.then(() => (firstDone = true));
    await expect.poll(() => started.length, BUSY).toBe(1);
    // The first build's report is still running: the second build goes live all the same.
    const second = await pub.request({ trigger: 'cli' });
    expect(second.coalesced).toBe(false);
    await expect.poll(() => rows.get(second.build!.id)?.status, BUSY).toBe('succeeded');
    expect(pub.liveDir()).toContain(`-${second.build!.id}`);
    // Its report waits for the first one's; the first build is done only once its report is stored.
    expect(started).toEqual([1]);
    expect(firstDone).toBe(false);
    let idle = false;
    void pub.idle().then(() => (idle = true));
    release.shift()!();
    await first.done;
    expect(rows.get(first.build!.id)?.seo_report).toMatchObject({ duration_ms: 1 });
    await expect.poll(() => started.length, BUSY).toBe(2);
    expect(idle).toBe(false);
    release.shift()!();
    await second.done;
    expect(rows.get(second.build!.id)?.seo_report).toMatchObject({ duration_ms: 2 });
    await expect.poll(() => idle, BUSY).toBe(true);
  });
});

describe('the SEO report of a build superseded meanwhile', () => {
  it('keeps the release a report reads, however many builds go live meanwhile; later superseded ones get none', async () => {
    const release: Array<() => void> = [];
    let missing = 0;
    const { pub, rows } = await publisher(async (view) => {
      await new Promise<void>((resolve) => release.push(resolve));
      // Read once the later builds are live (and pruning has run four times): every file is still there.
      for (const f of view.list()) if (!existsSync(view.locate(f)!)) missing++;
      return REPORT;
    });
    const first = await pub.request({ trigger: 'cli' });
    await expect.poll(() => release.length, BUSY).toBe(1);
    const later = [];
    for (let i = 0; i < 4; i++) {
      const r = await pub.request({ trigger: 'cli' });
      await expect.poll(() => rows.get(r.build!.id)?.status, BUSY).toBe('succeeded');
      later.push(r);
    }
    release.shift()!();
    await first.done;
    expect(missing).toBe(0);
    expect(rows.get(first.build!.id)?.seo_report).toEqual(REPORT);
    // The three builds superseded before their turn get no report; the live one does.
    await expect.poll(() => release.length, BUSY).toBe(1);
    release.shift()!();
    for (const r of later) await r.done;
    expect(later.map((r) => rows.get(r.build!.id)?.seo_report ?? null)).toEqual([null, null, null, REPORT]);
    // The release the first report read outlived its turn; the next publish's pruning collects it.
    expect(pub.builds()).toHaveLength(4);
    const next = await pub.request({ trigger: 'cli' });
    await expect.poll(() => release.length, BUSY).toBe(1);
    release.shift()!();
    await next.done;
    expect(pub.builds()).toHaveLength(3);
  });
});

describe('a build that went live', () => {
  it('stays live, and is recorded as succeeded, when what follows the switch throws', async () => {
    // The only step after the switch that could throw is the log line saying so (a review found that such a throw
    // used to discard the folder the live link had just been pointed at).
    const { pub, rows, logs } = await publisher(
      async () => REPORT,
      (line) => {
        if (/ live: /.test(line)) throw new Error('the log is gone');
      },
    );
    const { build, done } = await pub.request({ trigger: 'cli' });
    await done;
    expect(rows.get(build!.id)).toMatchObject({ status: 'succeeded' });
    expect(rows.get(build!.id)).not.toHaveProperty('error');
    const live = pub.live();
    expect(live?.locate('index.html')).toBeTruthy();
    expect(existsSync(live!.locate('index.html')!)).toBe(true);
    expect(logs.some((l) => l.includes('is live, but recording it failed: the log is gone'))).toBe(true);
  });
});

describe('a restart', () => {
  it('drops a release composed but never switched live: no later build keeps it, no rollback chooses it', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'publisher-restart-'));
    const first = await publisher(async () => REPORT, undefined, dataDir);
    await (
      await first.pub.request({ trigger: 'cli' })
    ).done;
    const liveName = path.basename(first.pub.liveDir()!);
    await first.pub.stop();
    // The process died after composing the next release and before switching to it (found by a review). Its name
    // sorts after the live one's and before any later build's, as a real one's would.
    const orphan = `${liveName}-orphan`;
    const builds = path.join(dataDir, 'builds');
    await mkdir(path.join(builds, orphan), { recursive: true });
    await writeFile(path.join(builds, orphan, 'index.html'), 'never live');
    const files = { 'index.html': orphan, '404.html': liveName, 'sitemap.xml': liveName };
    await writeFile(
      path.join(builds, `${orphan}.release.json`),
      JSON.stringify({ version: 1, name: orphan, code: '', pages: {}, files, refs: {} }),
    );
    const second = await publisher(async () => REPORT, undefined, dataDir);
    await second.pub.start();
    await expect.poll(() => existsSync(path.join(builds, orphan)), BUSY).toBe(false);
    expect(existsSync(path.join(builds, `${orphan}.release.json`))).toBe(false);
    await (
      await second.pub.request({ trigger: 'cli' })
    ).done;
    expect(await second.pub.rollback()).toBe(liveName);
  });
});
