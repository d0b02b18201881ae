import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Which generated pages a layered build renders (#28). The publisher gives each build the live release's manifest
 * (RELEASE_BASE, written by scripts/publisher/releases.mjs): a page whose cache key (cache-keys.ts) is the same as
 * the manifest's is not rendered at all, neither rendered nor copied; the publisher's new manifest points at the
 * file the earlier release already has. The routes filter their getStaticPaths() through `renders`.
 *
 * The plan is left on globalThis for src/integrations/incremental-cache.ts, which runs in the same process but
 * imports this module separately (the prerendered pages are a bundle of their own): it reports to the publisher
 * what differs from the base (the keys of the pages it rendered, the paths it no longer has), and the publisher
 * composes the release from them and the base's manifest. The keys of the unchanged pages, nearly all of them, are
 * the base's: sending them back (10,000 at 10,000 posts) cost a publish about 0.1 s to write and read.
 */

export interface ReleasePlan {
  /** The key of every generated page, by path. */
  keys: Map<string, string>;
  /** Paths whose page the base release already has, unchanged. */
  reused: Set<string>;
  /** Paths the base release has and this build does not; null without a base (then `keys` are every page). */
  removed: string[] | null;
}

/**
 * Whether a build reads its posts' whole texts after the plan, for the posts that render only (#28, site.ts's
 * getPostTexts): a layered build with a base, which renders a few. Any other build renders every post and reads the
 * texts with the list, in one read. The two kinds keep apart lists of reads to start early (prefetch.ts).
 */
export const readsTextsByPlan = (env: { RELEASE_LAYERED?: boolean; RELEASE_BASE?: string }) =>
  Boolean(env.RELEASE_LAYERED && env.RELEASE_BASE);

const PLAN = Symbol.for('hotel.release-plan');

const OWN_RELEASE = Symbol.for('hotel.own-release-keys');
/** The keys this process's last planned build gave the manifest the publisher writes for it (RELEASE_MANIFEST). */
type OwnRelease = { file: string; keys: Map<string, string> };

/**
 * The page keys of a release manifest, or null when there is no usable one (then every page renders). The manifest
 * of this process's own previous build is not read: its pages are the keys that build planned (planRelease).
 */
export function readBaseKeys(file: string | undefined): Map<string, string> | null {
  if (!file) return null;
  const own = (globalThis as Record<symbol, unknown>)[OWN_RELEASE] as OwnRelease | undefined;
  if (own && own.file === file) return own.keys;
  try {
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as { pages?: Record<string, unknown> };
    if (!manifest.pages || typeof manifest.pages !== 'object') return null;
    return new Map(Object.entries(manifest.pages).filter((e): e is [string, string] => typeof e[1] === 'string'));
  } catch {
    // An unreadable base costs a full render, never a wrong page.
    return null;
  }
}

/**
 * Decides which pages render, and records the plan for the integration. `manifest`: where the publisher will write
 * this build's manifest (RELEASE_MANIFEST), whose pages are exactly `keys` (the build's report,
 * src/integrations/incremental-cache.ts): kept in the process for the next build, whose base it will be. A build of
 * another process, a rollback or a restart names another file, which is read.
 */
export function planRelease(keys: Map<string, string>, base: Map<string, string> | null, manifest?: string) {
  const reused = new Set<string>();
  if (base) for (const [path, key] of keys) if (base.get(path) === key) reused.add(path);
  const g = globalThis as Record<symbol, unknown>;
  if (manifest) g[OWN_RELEASE] = { file: manifest, keys } satisfies OwnRelease;
  else delete g[OWN_RELEASE];
  const removed = base ? [...base.keys()].filter((path) => !keys.has(path)) : null;
  const plan: ReleasePlan = { keys, reused, removed };
  markBuild('planned');
  (globalThis as Record<symbol, unknown>)[PLAN] = plan;
  return { renders: (path: string) => !reused.has(path), plan };
}

/** The plan of the build running in this process, if its routes made one. */
export const currentPlan = () => (globalThis as Record<symbol, unknown>)[PLAN] as ReleasePlan | undefined;

const MARKS = Symbol.for('hotel.build-marks');

/**
 * When a step inside the page generation first happened (ms since the epoch), once per build: the first database
 * read (Vite's bundling is over) and the release plan (every collection read). For the publisher's time table.
 */
export function markBuild(name: 'firstRead' | 'planned') {
  const marks = ((globalThis as Record<symbol, unknown>)[MARKS] ??= {}) as Record<string, number>;
  marks[name] ??= Date.now();
}

export const buildMarks = () => ({ ...((globalThis as Record<symbol, unknown>)[MARKS] as Record<string, number>) });

const SCOPE = Symbol.for('hotel.build-scope');

/**
 * What one build read and derived (the collections, the keys, the image copies), kept on globalThis rather than in
 * the modules that made it. The publisher's warm builder (scripts/publisher/warm-builder.mjs) imports each build's
 * bundle of pages anew, and a module once imported is never freed: data held in its variables would stay for the
 * life of the process (about 100 MB a build at 10,000 posts). Here it goes when the build ends (endBuildState).
 */
export function buildScoped<T>(): (make: () => T) => T {
  const key = Symbol();
  return (make) => {
    const scope = ((globalThis as Record<symbol, unknown>)[SCOPE] ??= new Map()) as Map<symbol, unknown>;
    if (!scope.has(key)) scope.set(key, make());
    return scope.get(key) as T;
  };
}

/**
 * Forgets what an earlier build in this process left on globalThis (the publisher's warm builder runs many builds in
 * one process, scripts/publisher/warm-builder.mjs): the plan, the marks, the uploads the pages asked for and the
 * build's data (buildScoped).
 */
export function resetBuildState() {
  const g = globalThis as Record<symbol | string, unknown>;
  delete g[PLAN];
  delete g[MARKS];
  delete g[SCOPE];
  delete g.__hotelUploads;
}

const KEPT = Symbol.for('hotel.kept-between-builds');
type Generations = Map<string, { current: Map<string, unknown>; previous: Map<string, unknown> }>;

const DISK = Symbol.for('hotel.kept-on-disk');
/** The results an earlier process left on disk (loadKeptResults), by name, then by the digest of their key. */
interface Disk {
  file: string;
  identity: string;
  results: Map<string, Map<string, unknown>>;
  /** Builds this process ran with it: only the first writes (saveKeptResults). */
  builds: number;
}
const disk = () => (globalThis as Record<symbol, unknown>)[DISK] as Disk | undefined;
const keyDigest = (key: string) => createHash('sha256').update(key).digest('base64url');
/** The names whose results are kept on disk too (`persist`): on globalThis, as the bundle registers them. */
const persisted = () =>
  ((globalThis as Record<symbol, unknown>)[Symbol.for('hotel.kept-persisted')] ??= new Set()) as Set<string>;

/**
 * A cache of pure results (a value that depends on its key alone, e.g. a post's excerpt on the opening of its
 * markdown) that a warm builder's process keeps from one build to the next (#28), so that a publish at 10,000
 * posts does not make every excerpt again. Shared by name, since every build imports its own copy of the calling
 * module. A build keeps what it used and drops the rest when it ends (endBuildState): at most two builds' worth.
 * The warm builder restarts when the code changes, so a result never outlives the code that made it.
 *
 * With `persist`, a process's first build also finds the results an earlier process kept on disk
 * (loadKeptResults, saveKeptResults), by the digest of their key: only for results that depend on nothing but
 * their key, the code under src/lib and the dependencies, which the file's identity covers.
 */
export function keptBetweenBuilds<V>(name: string, { persist = false } = {}): (key: string, make: () => V) => V {
  if (persist) persisted().add(name);
  return (key, make) => {
    const all = ((globalThis as Record<symbol, unknown>)[KEPT] ??= new Map()) as Generations;
    let gen = all.get(name);
    if (!gen) all.set(name, (gen = { current: new Map(), previous: new Map() }));
    if (gen.current.has(key)) return gen.current.get(key) as V;
    let value: V;
    if (gen.previous.has(key)) value = gen.previous.get(key) as V;
    else {
      const stored = persist ? disk()?.results.get(name) : undefined;
      const digest = stored?.size ? keyDigest(key) : '';
      value = stored?.has(digest) ? (stored.get(digest) as V) : make();
    }
    gen.current.set(key, value);
    return value;
  };
}

/**
 * Before a build: the results kept on disk in `file` by an earlier process, when they were made by the same code
 * (`identity`); read once per process. A file that cannot be read, or from other code, is ignored.
 */
export function loadKeptResults(file: string, identity: string) {
  const g = globalThis as Record<symbol, unknown>;
  const known = disk();
  if (known?.file === file && known.identity === identity) return;
  const results = new Map<string, Map<string, unknown>>();
  try {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { identity?: string; results?: Record<string, unknown> };
    if (stored.identity === identity && stored.results && typeof stored.results === 'object')
      for (const [name, entries] of Object.entries(stored.results))
        if (Array.isArray(entries))
          results.set(
            name,
            new Map(entries.filter((e): e is [string, unknown] => Array.isArray(e) && typeof e[0] === 'string')),
          );
  } catch {
    // No file yet, or a damaged one: every result is made.
  }
  g[DISK] = { file, identity, results, builds: 0 } satisfies Disk;
}

/**
 * After a build, before endBuildState: keeps on disk the persisted results this build used, for the next process.
 * Only a process's first build writes: a warm builder's later builds keep theirs in memory, and writing every
 * excerpt after each publish would cost a publish at 10,000 posts about 20 ms for no one.
 */
export function saveKeptResults() {
  const d = disk();
  if (!d || d.builds++ > 0) return;
  // What the file held served this first build; later ones find what they need in memory (the previous build's),
  // so a warm builder does not carry every post's text for its whole life.
  d.results = new Map();
  const all = ((globalThis as Record<symbol, unknown>)[KEPT] ?? new Map()) as Generations;
  const results: Record<string, Array<[string, unknown]>> = {};
  for (const name of persisted()) {
    const current = all.get(name)?.current;
    if (current?.size) results[name] = [...current].map(([key, value]) => [keyDigest(key), value]);
  }
  try {
    mkdirSync(path.dirname(d.file), { recursive: true });
    const tmp = `${d.file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify({ identity: d.identity, results }));
    renameSync(tmp, d.file);
  } catch {
    // Only the next process's speed depends on this file.
  }
}

/** After a build has reported: its data and plan go, so that the process holds none of it while it waits. */
export function endBuildState() {
  const g = globalThis as Record<symbol | string, unknown>;
  delete g[PLAN];
  delete g[SCOPE];
  delete g.__hotelUploads;
  for (const gen of ((g[KEPT] ?? new Map()) as Generations).values()) {
    gen.previous = gen.current;
    gen.current = new Map();
  }
}
