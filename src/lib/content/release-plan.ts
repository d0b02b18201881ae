import { readFileSync } from 'node:fs';

/**
 * Which generated pages a layered build renders (#28). The publisher gives each build the live release's manifest
 * (RELEASE_BASE, written by scripts/publisher/releases.mjs): a page whose cache key (cache-keys.ts) is the same as
 * the manifest's is not rendered at all, neither rendered nor copied; the publisher's new manifest points at the
 * file the earlier release already has. The routes filter their getStaticPaths() through `renders`.
 *
 * The plan is left on globalThis for src/integrations/incremental-cache.ts, which runs in the same process but
 * imports this module separately (the prerendered pages are a bundle of their own): it reports every key and what
 * was not rendered to the publisher, which composes the release from them.
 */

export interface ReleasePlan {
  /** The key of every generated page, by path. */
  keys: Map<string, string>;
  /** Paths whose page the base release already has, unchanged. */
  reused: Set<string>;
}

const PLAN = Symbol.for('hotel.release-plan');

/** The page keys of a release manifest, or null when there is no usable one (then every page renders). */
export function readBaseKeys(file: string | undefined): Map<string, string> | null {
  if (!file) return null;
  try {
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as { pages?: Record<string, unknown> };
    if (!manifest.pages || typeof manifest.pages !== 'object') return null;
    return new Map(Object.entries(manifest.pages).filter((e): e is [string, string] => typeof e[1] === 'string'));
  } catch {
    // An unreadable base costs a full render, never a wrong page.
    return null;
  }
}

/** Decides which pages render, and records the plan for the integration. */
export function planRelease(keys: Map<string, string>, base: Map<string, string> | null) {
  const reused = new Set<string>();
  if (base) for (const [path, key] of keys) if (base.get(path) === key) reused.add(path);
  const plan: ReleasePlan = { keys, reused };
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

/**
 * A cache of pure results (a value that depends on its key alone, e.g. a post's excerpt on the opening of its
 * markdown) that a warm builder's process keeps from one build to the next (#28), so that a publish at 10,000
 * posts does not make every excerpt again. Shared by name, since every build imports its own copy of the calling
 * module. A build keeps what it used and drops the rest when it ends (endBuildState): at most two builds' worth.
 * The warm builder restarts when the code changes, so a result never outlives the code that made it.
 */
export function keptBetweenBuilds<V>(name: string): (key: string, make: () => V) => V {
  return (key, make) => {
    const all = ((globalThis as Record<symbol, unknown>)[KEPT] ??= new Map()) as Generations;
    let gen = all.get(name);
    if (!gen) all.set(name, (gen = { current: new Map(), previous: new Map() }));
    if (gen.current.has(key)) return gen.current.get(key) as V;
    const value = gen.previous.has(key) ? (gen.previous.get(key) as V) : make();
    gen.current.set(key, value);
    return value;
  };
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
