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

/**
 * Forgets what an earlier build in this process left on globalThis (the publisher's warm builder runs many builds in
 * one process, scripts/publisher/warm-builder.mjs): the plan, the marks and the uploads the pages asked for.
 */
export function resetBuildState() {
  const g = globalThis as Record<symbol | string, unknown>;
  delete g[PLAN];
  delete g[MARKS];
  delete g.__hotelUploads;
}
