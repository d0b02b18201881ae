import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration, AstroIntegrationLogger } from 'astro';
import { usedUploads } from '../lib/images/upload-cache.mjs';
import { addScriptHashes, readPage, withScriptSources } from './content-security-policy';
import { finishPage, moveIslandStyle, stripTemplateRuntime } from './island-style';
import { referencedUploads, shipUploads } from './upload-images';
import { buildEnvironment } from '../lib/env/build.mjs';
import { buildMarks, currentPlan, endBuildState, resetBuildState } from '../lib/content/release-plan';
import { endPrefetch, savePrefetch, startPrefetch } from '../lib/content/prefetch';

/**
 * Finishes the built pages and guards Astro's incremental build cache (experimental.incrementalBuild, #17), so
 * that a build never trusts a cache it cannot vouch for.
 *
 * Astro copies a generated page from `cacheDir/dist/` when its cacheKey and its route's code are unchanged, and
 * drops the whole cache when its manifest is missing or unreadable or the config or lockfile changed. Around
 * that, this integration:
 *
 * - Finishes each page the build rendered (finishPage: valid island style, no runtime in the staff template) and
 *   writes the finished page back into the cache too, with the uploaded-image copies it refers to; so a reused
 *   page is read by nobody, and its copies are known without reading it. The finishing code is part of the
 *   cache's identity (PROCESSING): when it changes, every page renders again.
 * - Marks the cache as in use before a build and clears the mark only when the build completed: a failed or killed
 *   build leaves pages it rendered in the cache under the previous manifest (whose keys an undone edit would match
 *   again), so a build that finds a mark left by a process that is gone drops the manifest and renders everything.
 *   Two builds at once on one cache would mix their copies: a live build's mark stops the second with a message.
 * - Drops from the manifest a cached copy that changed after it was written (its size or time differs from the
 *   record), so that page alone renders again.
 * - Counts the pages rendered and reused (for site_builds): prints them on one line for people, and writes them
 *   to the file BUILD_REPORT names for the program that ran the build (readBuildReport in
 *   scripts/publisher/build-runner.mjs).
 */

const MANIFEST = 'incremental-build.json';
const CACHED_OUTPUT = 'dist';
/** Present while a build uses the cache: the building process's pid. */
const IN_USE = 'incremental-build.in-use';
/** Each cached copy as the last complete build left it: size, time, and the uploaded-image copies it refers to. */
const RECORD = 'incremental-build.files.json';

/**
 * What finishing a page does: when this changes, no finished page in the cache can be trusted. The source of the
 * modules that finish a page (all of each, helpers and constants included), else the functions themselves.
 */
export const PROCESSING = createHash('sha256')
  .update(
    ['./island-style.ts', './content-security-policy.ts', './upload-images.ts']
      .map((file) => {
        try {
          return readFileSync(new URL(file, import.meta.url), 'utf8');
        } catch {
          return '';
        }
      })
      .join('\n'),
  )
  .update(
    [finishPage, moveIslandStyle, stripTemplateRuntime, addScriptHashes, readPage, withScriptSources, referencedUploads]
      .map(String)
      .join('\n'),
  )
  .digest('hex')
  .slice(0, 16);

/** What a build reports to whoever ran it, in the file BUILD_REPORT names (readBuildReport in the publisher). */
export const buildReport = (rendered: number, reused: number) => ({
  page_count: rendered + reused,
  pages_rendered: rendered,
  pages_reused: reused,
});

/** A build that held the cache longer than this is taken for dead (the deploy workflow gives a run 20 minutes). */
const MARK_MAX_AGE_MS = 60 * 60_000;

interface Manifest {
  routes?: Record<string, { paths?: Record<string, { outputFile: string }> }>;
}
interface FileRecord {
  processing?: string;
  files?: Record<string, { size: number; mtimeMs: number; uploads: string[] }>;
}

const readJson = <T>(file: string): T | null => {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
};

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

const stat = (file: string) => {
  try {
    const s = statSync(file);
    return { size: s.size, mtimeMs: s.mtimeMs };
  } catch {
    return null;
  }
};

/** Whole seconds: a cache saved and restored by CI (tar) may keep no finer times. */
const sameSecond = (a: number, b: number) => Math.floor(a / 1000) === Math.floor(b / 1000);

/** Every cached path of a manifest: [route, path, output file]. */
function* cachedPaths(manifest: Manifest) {
  for (const [route, entry] of Object.entries(manifest.routes ?? {}))
    for (const [pathname, p] of Object.entries(entry.paths ?? {})) yield [route, pathname, p.outputFile] as const;
}

/**
 * Before a build: takes the cache for this process and leaves in it only what a build may trust. Returns what it
 * dropped, for the log.
 */
export function prepareCache(cacheDir: string): string | null {
  mkdirSync(cacheDir, { recursive: true });
  const inUse = path.join(cacheDir, IN_USE);
  const manifestFile = path.join(cacheDir, MANIFEST);
  const mark = readJson<{ pid: number; host?: string; since?: string }>(inUse);
  // A mark from another machine (a cache restored on a CI runner) names no process here, and one older than any
  // build takes names a process that merely got the dead build's pid (after a restart of the machine).
  const recent = Date.now() - Date.parse(mark?.since ?? '') < MARK_MAX_AGE_MS;
  if (mark?.pid && mark.host === hostname() && recent && mark.pid !== process.pid && alive(mark.pid))
    throw new Error(
      `Another build (process ${mark.pid}) is using the build cache ${cacheDir}. Wait for it to finish, or give this build its own ASTRO_CACHE_DIR.`,
    );
  writeFileSync(inUse, JSON.stringify({ pid: process.pid, host: hostname(), since: new Date().toISOString() }));
  const manifest = readJson<Manifest>(manifestFile);
  if (!manifest) return null;
  const record = readJson<FileRecord>(path.join(cacheDir, RECORD));
  const dropAll = (why: string) => {
    rmSync(manifestFile, { force: true });
    return `${why}: every page is rendered again`;
  };
  if (mark) return dropAll('the previous build did not finish');
  if (record?.processing !== PROCESSING) return dropAll('the cache was written by other page-finishing code');
  let dropped = 0;
  for (const [route, pathname, outputFile] of cachedPaths(manifest)) {
    const now = stat(path.join(cacheDir, CACHED_OUTPUT, outputFile));
    const then = record.files?.[outputFile];
    if (!now || !then || now.size !== then.size || !sameSecond(now.mtimeMs, then.mtimeMs)) {
      delete manifest.routes![route].paths![pathname];
      dropped++;
    }
  }
  if (!dropped) return null;
  writeFileSync(manifestFile, JSON.stringify(manifest));
  return `${dropped} cached page(s) changed since the last build: they are rendered again`;
}

/**
 * Finishes the pages `files` (relative to `root`) in place (finishPage), then tells `each` the finished page and
 * whether finishing changed it. A bounded number of files open at once: ten thousand pages must not exhaust file
 * handles.
 */
async function finishPages(
  root: string,
  files: string[],
  each: (file: string, page: string, changed: boolean) => void | Promise<void>,
) {
  for (let i = 0; i < files.length; i += 128) {
    await Promise.all(
      files.slice(i, i + 128).map(async (f) => {
        const raw = await readFile(path.join(root, f), 'utf8');
        const page = finishPage(raw);
        if (page !== raw) await writeFile(path.join(root, f), page);
        await each(f, page, page !== raw);
      }),
    );
  }
}

/**
 * After Astro wrote the pages: finishes those this build rendered, ships the uploaded-image copies every page
 * refers to, records the cache and releases it. `startedMs` is when the build started: a cached copy written
 * since then was rendered by it, an older one was reused.
 */
export async function finishBuild(root: string, cacheDir: string, startedMs: number) {
  const manifest = readJson<Manifest>(path.join(cacheDir, MANIFEST)) ?? {};
  const previous = readJson<FileRecord>(path.join(cacheDir, RECORD))?.files ?? {};
  /** Cached output file (relative to the out dir, '/'-separated) → was it reused. */
  const cached = new Map<string, boolean>();
  for (const [, , outputFile] of cachedPaths(manifest)) {
    const s = stat(path.join(cacheDir, CACHED_OUTPUT, outputFile));
    if (s) cached.set(outputFile, s.mtimeMs < startedMs && Boolean(previous[outputFile]));
  }
  const html = (await readdir(root, { recursive: true }))
    .map((f) => f.split(path.sep).join('/'))
    .filter((f) => f.endsWith('.html'));
  const rendered = html.filter((f) => !cached.get(f));
  const files: NonNullable<FileRecord['files']> = {};
  const uploads = new Set(usedUploads());
  await finishPages(root, rendered, async (f, page, changed) => {
    if (!cached.has(f)) return;
    const copy = path.join(cacheDir, CACHED_OUTPUT, f);
    if (changed) await writeFile(copy, page);
    const refs = referencedUploads(page);
    for (const n of refs) uploads.add(n);
    files[f] = { ...stat(copy)!, uploads: refs };
  });
  for (const [f, reused] of cached)
    if (reused) {
      files[f] = previous[f];
      for (const n of previous[f].uploads) uploads.add(n);
    }
  const shipped = await shipUploads(root, uploads);
  writeFileSync(path.join(cacheDir, RECORD), JSON.stringify({ processing: PROCESSING, files } satisfies FileRecord));
  rmSync(path.join(cacheDir, IN_USE), { force: true });
  return { rendered: rendered.length, reused: html.length - rendered.length, shipped };
}

/** Files under the build's own folders a page refers to: the uploaded-image copies and Astro's assets. */
const ASSET_REFERENCE = /\/(_uploads|_astro)\/([A-Za-z0-9_.-]+)/g;

/** `_uploads/…` and `_astro/…` files a page refers to, each once, as paths in the build folder. */
export function referencedAssets(html: string): string[] {
  return [...new Set([...html.matchAll(ASSET_REFERENCE)].map((m) => `${m[1]}/${m[2]}`))];
}

/**
 * After a layered build (#28): every page in the folder was rendered by it (the unchanged ones were left out, not
 * copied), so each is finished and ships the uploaded-image copies it refers to. Returns the counts and, for the
 * publisher's manifest, every generated page's key (src/lib/content/release-plan.ts) and the build-folder files each
 * page refers to, so that the files a reused page needs stay in the release without anyone reading it again.
 */
export async function finishLayeredBuild(root: string) {
  const plan = currentPlan();
  const html = (await readdir(root, { recursive: true }))
    .map((f) => f.split(path.sep).join('/'))
    .filter((f) => f.endsWith('.html'));
  const uploads = new Set(usedUploads());
  const refs: Record<string, string[]> = {};
  await finishPages(root, html, (f, page) => {
    for (const n of referencedUploads(page)) uploads.add(n);
    const assets = referencedAssets(page);
    if (assets.length) refs[f] = assets;
  });
  const shipped = await shipUploads(root, uploads);
  const reused = plan?.reused.size ?? 0;
  return {
    rendered: html.length,
    reused,
    shipped,
    release: { keys: Object.fromEntries(plan?.keys ?? []), reused: [...(plan?.reused ?? [])], refs },
  };
}

export default function incrementalCache(): AstroIntegration {
  // When each step of the build ended (ms since the epoch), for the publisher's time table (npm run bench:publish).
  const timing: Record<string, number> = { processStart: Math.round(performance.timeOrigin) };
  let cacheDir = '';
  let startedMs = 0;
  let logger: AstroIntegrationLogger | undefined;
  return {
    name: 'hotel:incremental-cache',
    hooks: {
      'astro:config:done': ({ config, logger: l }) => {
        timing.configDone = Date.now();
        resetBuildState();
        endPrefetch();
        cacheDir = fileURLToPath(config.cacheDir);
        logger = l;
      },
      'astro:build:generated': () => {
        timing.generated = Date.now();
      },
      'astro:build:start': () => {
        timing.buildStart = Date.now();
        // A whole millisecond before anything this build writes (file times are finer than Date.now()).
        startedMs = Date.now() - 1;
        // A layered build (#28) does not use Astro's cache: there is nothing to guard.
        if (!buildEnvironment().RELEASE_LAYERED) {
          const note = prepareCache(cacheDir);
          if (note) logger?.info(note);
        }
        // The last build's database reads, started now rather than after Vite's bundling (prefetch.ts), in the
        // background: a read that fails here is made again by the page.
        void startPrefetch(cacheDir, {
          supabaseUrl: process.env.PUBLIC_SUPABASE_URL,
          anonKey: process.env.PUBLIC_SUPABASE_ANON_KEY,
        });
      },
      'astro:build:done': async ({ dir }) => {
        const env = buildEnvironment();
        const layered = env.RELEASE_LAYERED ? await finishLayeredBuild(fileURLToPath(dir)) : null;
        const { rendered, reused, shipped } = layered ?? (await finishBuild(fileURLToPath(dir), cacheDir, startedMs));
        if (shipped) logger?.info(`${shipped} optimised copies of uploaded images`);
        logger?.info(`[incremental] ${rendered} pages rendered, ${reused} reused`);
        // For whoever ran the build (the publisher, deploy-build.mjs): the counts as data, not a log line to parse;
        // a layered build adds what the publisher's release manifest is made of.
        Object.assign(timing, buildMarks(), { done: Date.now() });
        savePrefetch(cacheDir, process.env.PUBLIC_SUPABASE_ANON_KEY);
        if (env.BUILD_REPORT)
          await writeFile(
            env.BUILD_REPORT,
            JSON.stringify({ ...buildReport(rendered, reused), timing, ...(layered && { release: layered.release }) }),
          );
        endBuildState();
      },
    },
  };
}
