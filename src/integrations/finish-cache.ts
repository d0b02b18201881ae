import { hash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { policySplice } from './content-security-policy';
import { moveIslandStyle } from './island-style';

/**
 * Finishing a page (island-style.ts, finishPage) with the policy's part kept by the page's digest (#28).
 *
 * Finishing parses every page a build renders with a real HTML parser, for the policy's script hashes
 * (content-security-policy.ts): about 0.35 s of the 1,111 pages of `npm run bench:build`, on a machine whose
 * builds are CPU-bound on both cores. The result is a pure function of the page and the finishing code, so it is
 * kept: the page's SHA-256 (after the island style and the template's runtime are dealt with, two string edits)
 * names where its policy <meta> is and the tag that replaces it. A page rendered the same as in an earlier build
 * costs a hash, not a parse; Astro's content layer keeps a markdown file's rendered HTML by its digest the same way.
 *
 * The results live in `cacheDir/finished-pages.json`, with the finishing code's digest (PROCESSING in
 * incremental-cache.ts): a file from other finishing code, or one that cannot be read, is ignored. Written by hand:
 * no library keeps a digest-to-result table this small; a build keeps what it used first, then earlier results, up
 * to MAX_ENTRIES. The tags are few (pages share their policy), so each is stored once.
 */

const FILE = 'finished-pages.json';
/** Enough for a site of 10,000 posts and its pages, twice over. */
export const MAX_ENTRIES = 25_000;

/** Where the page's policy <meta> starts and ends, and which tag replaces it; null when the page has none. */
type Entry = readonly [start: number, end: number, tag: number] | null;

interface Stored {
  processing: string;
  tags: string[];
  /** [digest] for a page without a policy, [digest, start, end, tag] otherwise. */
  pages: Array<[string] | [string, number, number, number]>;
}

interface State {
  id: string;
  /** Builds of this process that saved: only the first writes (save). */
  saved: number;
  tags: string[];
  tagIds: Map<string, number>;
  pages: Map<string, Entry>;
}

const STATE = Symbol.for('hotel.finish-cache');

export interface Finisher {
  /** The page finished, exactly as finishPage would. */
  finish(html: string): string;
  /** Keeps this build's results (and earlier ones, up to `max`) for the next process: its first build only. */
  save(): void;
  /** Pages whose policy came from the cache, and pages parsed. */
  readonly counts: { kept: number; parsed: number };
}

function load(file: string, processing: string): State {
  const state: State = { id: '', saved: 0, tags: [], tagIds: new Map(), pages: new Map() };
  let stored: Stored;
  try {
    stored = JSON.parse(readFileSync(file, 'utf8')) as Stored;
  } catch {
    return state;
  }
  if (stored?.processing !== processing || !Array.isArray(stored.tags) || !Array.isArray(stored.pages)) return state;
  state.tags = stored.tags.map(String);
  state.tags.forEach((t, i) => state.tagIds.set(t, i));
  for (const p of stored.pages) {
    if (!Array.isArray(p) || typeof p[0] !== 'string') continue;
    if (p.length === 1) state.pages.set(p[0], null);
    else if (
      p.length === 4 &&
      p.slice(1).every((n) => typeof n === 'number' && Number.isInteger(n) && n >= 0) &&
      p[3] < state.tags.length
    )
      state.pages.set(p[0], [p[1], p[2], p[3]]);
  }
  return state;
}

/**
 * A finisher for one build. `cacheDir` null keeps nothing on disk; `max` bounds the results kept. The table stays on globalThis between the
 * builds of one process (the publisher's warm builder), so it is read from disk once per process.
 */
export function createFinisher(cacheDir: string | null, processing: string, max = MAX_ENTRIES): Finisher {
  const file = cacheDir ? path.join(cacheDir, FILE) : null;
  const id = `${file ?? ''}\0${processing}`;
  const g = globalThis as Record<symbol, unknown>;
  let state = g[STATE] as State | undefined;
  if (state?.id !== id) {
    state = file ? load(file, processing) : { id, saved: 0, tags: [], tagIds: new Map(), pages: new Map() };
    state.id = id;
    g[STATE] = state;
  }
  const s = state;
  const used = new Map<string, Entry>();
  const counts = { kept: 0, parsed: 0 };
  const tagId = (tag: string) => {
    let i = s.tagIds.get(tag);
    if (i === undefined) {
      i = s.tags.push(tag) - 1;
      s.tagIds.set(tag, i);
    }
    return i;
  };
  return {
    counts,
    finish(html) {
      const page = moveIslandStyle(html);
      const digest = hash('sha256', page, 'base64url');
      let entry = s.pages.get(digest);
      // A kept entry must still point at a policy <meta> in this page: a damaged file costs a parse, never a page.
      const valid =
        entry === null ||
        (entry !== undefined &&
          entry[1] <= page.length &&
          page.startsWith('<meta', entry[0]) &&
          page[entry[1] - 1] === '>');
      if (valid) counts.kept++;
      else {
        counts.parsed++;
        const splice = policySplice(page);
        entry = splice ? [splice.start, splice.end, tagId(splice.tag)] : null;
        s.pages.set(digest, entry);
      }
      used.set(digest, entry ?? null);
      return entry ? page.slice(0, entry[0]) + s.tags[entry[2]] + page.slice(entry[1]) : page;
    },
    save() {
      // A warm builder's later builds keep theirs in memory: rewriting the file after each publish would cost a
      // publish at 10,000 posts about 10 ms for no one (the next process reads what the first build wrote).
      if (!file || s.saved++ > 0 || (!counts.parsed && s.pages.size <= max)) return;
      // This build's results first, then earlier ones, then the tags those use, renumbered.
      const kept = new Map(used);
      for (const [d, e] of s.pages) {
        if (kept.size >= max) break;
        if (!kept.has(d)) kept.set(d, e);
      }
      const tags: string[] = [];
      const renumber = new Map<number, number>();
      const pages: Stored['pages'] = [];
      const entries = new Map<string, Entry>();
      for (const [d, e] of kept) {
        if (!e) {
          pages.push([d]);
          entries.set(d, null);
          continue;
        }
        let t = renumber.get(e[2]);
        if (t === undefined) renumber.set(e[2], (t = tags.push(s.tags[e[2]]) - 1));
        pages.push([d, e[0], e[1], t]);
        entries.set(d, [e[0], e[1], t]);
      }
      s.tags = tags;
      s.tagIds = new Map(tags.map((t, i) => [t, i]));
      s.pages = entries;
      try {
        mkdirSync(path.dirname(file), { recursive: true });
        const tmp = `${file}.${process.pid}.tmp`;
        writeFileSync(tmp, JSON.stringify({ processing, tags, pages } satisfies Stored));
        renameSync(tmp, file);
      } catch {
        // Only the next build's speed depends on this file.
      }
    },
  };
}
