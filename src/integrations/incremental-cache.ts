import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration, AstroIntegrationLogger, AstroPrerenderer } from 'astro';
import { usedUploads } from '../lib/images/upload-cache.mjs';
import { addScriptHashes, policySplice, readPage, withScriptSources } from './content-security-policy';
import { finishPage, moveIslandStyle } from './island-style';
import { contentDigest } from './content-digest';
import { createFinisher, type Finisher } from './finish-cache';
import { referencedUploads, shipUploads } from './upload-images';
import { buildEnvironment } from '../lib/env/build.mjs';
import {
  buildMarks,
  currentPlan,
  endBuildState,
  loadKeptResults,
  readsTextsByPlan,
  resetBuildState,
  saveKeptResults,
} from '../lib/content/release-plan';
import { endPrefetch, savePrefetch, startPrefetch } from '../lib/content/prefetch';
import { checkBuildKey } from '../lib/content/client';

/**
 * Finishes the built pages and guards Astro's incremental build cache (experimental.incrementalBuild, #17), so
 * that a build never trusts a cache it cannot vouch for.
 *
 * Astro copies a generated page from `cacheDir/dist/` when its cacheKey and its route's code are unchanged, and
 * drops the whole cache when its manifest is missing or unreadable or the config or lockfile changed. Around
 * that, this integration:
 *
 * - Finishes each page the build renders (finishPage: valid island style, no runtime in the staff template, the
 *   policy's script hashes) as Astro renders it (finishingPrerenderer), so that Astro writes the finished page
 *   once, to the out dir and its cache copy alike, and records the uploaded-image copies it refers to; so a reused
 *   page is read by nobody, and its copies are known without reading it. A page that did not come through the
 *   prerenderer is finished from disk after the build. The policy's part is kept by the page's digest between
 *   builds (finish-cache.ts). The finishing code is part of the cache's identity (PROCESSING): when it changes,
 *   every page renders again.
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
    ['./island-style.ts', './content-security-policy.ts', './upload-images.ts', './finish-cache.ts']
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
    [finishPage, moveIslandStyle, addScriptHashes, policySplice, readPage, withScriptSources, referencedUploads]
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

/** Which list of reads this build starts early and saves (prefetch.ts): one for builds that read texts by plan. */
const readsKind = () => (readsTextsByPlan(buildEnvironment()) ? 'by-plan' : undefined);

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
  finish: (html: string) => string = finishPage,
) {
  for (let i = 0; i < files.length; i += 128) {
    await Promise.all(
      files.slice(i, i + 128).map(async (f) => {
        const raw = await readFile(path.join(root, f), 'utf8');
        const page = finish(raw);
        if (page !== raw) await writeFile(path.join(root, f), page);
        await each(f, page, page !== raw);
      }),
    );
  }
}

/** The pages finished as they were rendered (finishingPrerenderer): output file → the files each refers to. */
export type FinishedPages = Map<string, { uploads: string[]; assets: string[] }>;

/** The file Astro writes a page's path to (its getOutputFilename, for this config's directory format). */
export function outputFile(pathname: string): string {
  let name = pathname;
  try {
    name = decodeURI(pathname);
  } catch {
    /* kept as written */
  }
  name = name.replace(/^\/+/, '').replace(/\/+$/, '');
  if (!name) return 'index.html';
  return name === '404' || name === '500' ? `${name}.html` : `${name}/index.html`;
}

/**
 * Astro's prerenderer with each HTML page finished (`finish`, finishPage's equal) before Astro writes it: one write
 * of the finished page, where reading every page back after the build and writing it again cost about 0.4 s of
 * 1,111 pages (npm run bench:build). Records what each page refers to in `finished`, for the uploads a build ships
 * and the publisher's manifest. A redirect, an empty body or another type is left as it is; a page the build wrote
 * without coming through here is finished from disk afterwards, as before (finishBuild, finishLayeredBuild).
 */
export function finishingPrerenderer(
  base: AstroPrerenderer,
  finish: (html: string) => string,
  finished: FinishedPages,
): AstroPrerenderer {
  return {
    name: `${base.name}+hotel:finishing`,
    ...(base.setup && { setup: () => base.setup!() }),
    getStaticPaths: () => base.getStaticPaths(),
    ...(base.collectStaticImages && { collectStaticImages: () => base.collectStaticImages!() }),
    ...(base.teardown && { teardown: () => base.teardown!() }),
    async render(request, options) {
      const result = await base.render(request, options);
      const response = result instanceof Response ? result : result.response;
      const html = /^text\/html\b/i.test(response.headers.get('content-type') ?? '');
      if (!html || !response.body || (response.status >= 300 && response.status < 400)) return result;
      const page = finish(await response.text());
      finished.set(outputFile(new URL(request.url).pathname), {
        uploads: referencedUploads(page),
        assets: referencedAssets(page),
      });
      const out = new Response(page, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
      return result instanceof Response ? out : { ...result, response: out };
    },
  };
}

/**
 * After Astro wrote the pages: finishes those this build rendered that were not finished as they were rendered
 * (`finished`), ships the uploaded-image copies every page refers to, records the cache and releases it.
 * `startedMs` is when the build started: a cached copy written since then was rendered by it, an older one was
 * reused.
 */
export async function finishBuild(
  root: string,
  cacheDir: string,
  startedMs: number,
  finished: FinishedPages = new Map(),
  finish: (html: string) => string = finishPage,
) {
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
  // Finished as rendered: Astro wrote the finished page to the out dir and to its cache copy alike.
  for (const f of rendered) {
    const done = finished.get(f);
    if (!done) continue;
    for (const n of done.uploads) uploads.add(n);
    const copy = cached.has(f) && stat(path.join(cacheDir, CACHED_OUTPUT, f));
    if (copy) files[f] = { ...copy, uploads: done.uploads };
  }
  await finishPages(
    root,
    rendered.filter((f) => !finished.has(f)),
    async (f, page, changed) => {
      const refs = referencedUploads(page);
      for (const n of refs) uploads.add(n);
      if (!cached.has(f)) return;
      const copy = path.join(cacheDir, CACHED_OUTPUT, f);
      if (changed) await writeFile(copy, page);
      files[f] = { ...stat(copy)!, uploads: refs };
    },
    finish,
  );
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
 * copied), so each is finished (as it was rendered, else here) and ships the uploaded-image copies it refers to.
 * Returns the counts and, for the publisher's manifest, what differs from the base release
 * (src/lib/content/release-plan.ts: the keys of the pages rendered, the paths removed; without a base, every key)
 * and the build-folder files each rendered page refers to, so that the files a reused page needs stay in the
 * release without anyone reading it again.
 */
export async function finishLayeredBuild(
  root: string,
  finished: FinishedPages = new Map(),
  finish: (html: string) => string = finishPage,
) {
  const plan = currentPlan();
  const html = (await readdir(root, { recursive: true }))
    .map((f) => f.split(path.sep).join('/'))
    .filter((f) => f.endsWith('.html'));
  const uploads = new Set(usedUploads());
  const refs: Record<string, string[]> = {};
  for (const f of html) {
    const done = finished.get(f);
    if (!done) continue;
    for (const n of done.uploads) uploads.add(n);
    if (done.assets.length) refs[f] = done.assets;
  }
  await finishPages(
    root,
    html.filter((f) => !finished.has(f)),
    (f, page) => {
      for (const n of referencedUploads(page)) uploads.add(n);
      const assets = referencedAssets(page);
      if (assets.length) refs[f] = assets;
    },
    finish,
  );
  const shipped = await shipUploads(root, uploads);
  const keys: Record<string, string> = {};
  if (plan) for (const [pagePath, key] of plan.keys) if (!plan.reused.has(pagePath)) keys[pagePath] = key;
  return {
    rendered: html.length,
    reused: plan?.reused.size ?? 0,
    shipped,
    release: { keys, removed: plan?.removed ?? null, refs },
  };
}

/**
 * The code that results kept on disk between builds depend on (keptBetweenBuilds with `persist`, release-plan.ts:
 * excerpts, dates, rendered post text): every file under src/lib and the lockfile, by content, and Node's version.
 * Computed once per process (about 5 ms); a warm builder's process is replaced when the code changes.
 */
export function libraryIdentity(root: string): string {
  const memo = ((globalThis as Record<symbol, unknown>)[Symbol.for('hotel.library-identity')] ??= new Map()) as Map<
    string,
    string
  >;
  let identity = memo.get(root);
  if (identity) return identity;
  // The library, the lockfile, and the runtime, whose built-ins (String, RegExp, Intl) the results are made with.
  identity = contentDigest(root, { dirs: ['src/lib'], files: ['package-lock.json'], extra: [process.version] });
  memo.set(root, identity);
  return identity;
}

export default function incrementalCache(): AstroIntegration {
  // When each step of the build ended (ms since the epoch), for the publisher's time table (npm run bench:publish).
  const timing: Record<string, number> = { processStart: Math.round(performance.timeOrigin) };
  let cacheDir = '';
  let root = '';
  let startedMs = 0;
  let finisher: Finisher | undefined;
  let finished: FinishedPages = new Map();
  let logger: AstroIntegrationLogger | undefined;
  return {
    name: 'hotel:incremental-cache',
    hooks: {
      'astro:config:done': ({ config, logger: l }) => {
        timing.configDone = Date.now();
        resetBuildState();
        endPrefetch();
        cacheDir = fileURLToPath(config.cacheDir);
        root = fileURLToPath(config.root);
        logger = l;
      },
      'astro:build:generated': () => {
        timing.generated = Date.now();
      },
      'astro:build:start': async ({ setPrerenderer }) => {
        timing.buildStart = Date.now();
        // A production build (the deploy path, npm run build) with a key Supabase refuses stops here, before Vite.
        // The publisher's layered builds are given the stack's own key, and do not wait for the check.
        if (!buildEnvironment().RELEASE_LAYERED)
          await checkBuildKey(process.env.PUBLIC_SUPABASE_URL, process.env.PUBLIC_SUPABASE_ANON_KEY);
        // Each page finished as it is rendered, its policy kept by its digest (finish-cache.ts).
        finished = new Map();
        const f = (finisher = createFinisher(cacheDir, PROCESSING));
        setPrerenderer((base) => finishingPrerenderer(base, (html) => f.finish(html), finished));
        // Excerpts, dates and rendered post text an earlier process made with the same code (release-plan.ts).
        loadKeptResults(path.join(cacheDir, 'kept-results.json'), libraryIdentity(root));
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
          kind: readsKind(),
        });
      },
      'astro:build:done': async ({ dir }) => {
        const env = buildEnvironment();
        const finish = finisher ? (html: string) => finisher!.finish(html) : finishPage;
        const layered = env.RELEASE_LAYERED ? await finishLayeredBuild(fileURLToPath(dir), finished, finish) : null;
        const { rendered, reused, shipped } =
          layered ?? (await finishBuild(fileURLToPath(dir), cacheDir, startedMs, finished, finish));
        finisher?.save();
        finished = new Map();
        if (shipped) logger?.info(`${shipped} optimised copies of uploaded images`);
        logger?.info(`[incremental] ${rendered} pages rendered, ${reused} reused`);
        // For whoever ran the build (the publisher, deploy-build.mjs): the counts as data, not a log line to parse;
        // a layered build adds what the publisher's release manifest is made of.
        Object.assign(timing, buildMarks(), { done: Date.now() });
        savePrefetch(cacheDir, process.env.PUBLIC_SUPABASE_ANON_KEY, readsKind());
        saveKeptResults();
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
