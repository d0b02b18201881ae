import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The build's database reads, started while Vite bundles (#28). The pages read the database only once Vite has
 * bundled them, about a second into a build, and a publish then waited on PostgREST: about 0.15 s at 10,000 posts,
 * most of what a publish adds as the blog grows (npm run bench:publish). So each build records the reads it made
 * (GET requests to the REST API, the keys left out) in its cache folder, and the next build starts the same
 * requests as it begins (src/integrations/incremental-cache.ts, astro:build:start). When the pages make a request,
 * the build client (client.ts) is answered from the one started for it, if it was the same request (address and
 * headers, the key included) and succeeded; anything else goes to the database as before.
 *
 * What a page reads is then the database as it was when the build started, not a moment later: the publisher
 * queues another build for any save after a build started, so no save is left out. A response is used once, and
 * none outlives its build (endPrefetch, and resetBuildState before the next). Nothing here is a cache of the data:
 * only the list of requests is kept between builds.
 *
 * No library does this: an HTTP cache would keep the data between builds, which is the one thing a build must not do.
 */

/** The reads a build made, for the next build to start early: in the build's cache folder (ASTRO_CACHE_DIR). */
export const READS_FILE = 'build-reads.json';
/** More would mean something reads row by row; such a list is not kept. */
const MAX_READS = 200;
/** Reads started at once, as the pages' own paging does (read-all.ts): the database is not sent the whole list at once. */
const AT_ONCE = 4;
/** Where the anon key stood in a header, in the list on disk: the list holds no key. */
const KEY_MARK = '\u0000anon-key\u0000';

interface Read {
  url: string;
  headers: [string, string][];
}
interface Answer {
  status: number;
  statusText: string;
  headers: [string, string][];
  body: ArrayBuffer;
}
interface BuildReads {
  /** The REST API this build reads (PUBLIC_SUPABASE_URL + /rest/v1/). */
  api: string;
  /** Every read the pages made, in order, each once: saved for the next build. */
  made: Map<string, Read>;
  /** The reads started early, by request; each taken once. */
  started: Map<string, Promise<Answer | null>>;
}

const STATE = Symbol.for('hotel.build-reads');
const state = () => (globalThis as Record<symbol, unknown>)[STATE] as BuildReads | undefined;

/** One request as one string: its address and every header (names in lower case, sorted). */
function requestKey(url: string, headers: Iterable<[string, string]>): string {
  const sorted = [...headers].map(([k, v]) => [k.toLowerCase(), v]).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify([url, sorted]);
}

const restApi = (supabaseUrl: string) => `${supabaseUrl.replace(/\/+$/, '')}/rest/v1/`;

/**
 * The build client's fetch (client.ts): answers a read with the response started for it, if any, and records every
 * read for the next build. Outside a build (astro dev, tests) it is `base` itself.
 */
export function prefetchedFetch(base: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    const reads = state();
    if (!reads) return base(input, init);
    const request = new Request(input, init);
    if (request.method !== 'GET' || !request.url.startsWith(reads.api)) return base(input, init);
    const headers = [...request.headers];
    const key = requestKey(request.url, headers);
    if (reads.made.size < MAX_READS && !reads.made.has(key)) reads.made.set(key, { url: request.url, headers });
    const started = reads.started.get(key);
    reads.started.delete(key);
    const answer = started && (await started);
    if (!answer) return base(input, init);
    return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers: answer.headers });
  };
}

/**
 * As a build begins: forgets any earlier build's reads, and starts again the reads the last build of this cache
 * folder made, with this build's key. A missing or unreadable list starts nothing.
 */
export function startPrefetch(
  cacheDir: string,
  { supabaseUrl, anonKey }: { supabaseUrl?: string; anonKey?: string },
  base: typeof fetch = fetch,
) {
  endPrefetch();
  if (!supabaseUrl || !anonKey) return;
  const reads: BuildReads = { api: restApi(supabaseUrl), made: new Map(), started: new Map() };
  (globalThis as Record<symbol, unknown>)[STATE] = reads;
  let list: Read[];
  try {
    const saved = JSON.parse(readFileSync(path.join(cacheDir, READS_FILE), 'utf8')) as { reads?: Read[] };
    list = Array.isArray(saved.reads) ? saved.reads.slice(0, MAX_READS) : [];
  } catch {
    return;
  }
  const todo: { url: string; headers: [string, string][]; done: (answer: Answer | null) => void }[] = [];
  for (const read of list) {
    if (typeof read?.url !== 'string' || !read.url.startsWith(reads.api) || !Array.isArray(read.headers)) continue;
    const headers = read.headers.map(
      ([k, v]) => [String(k), String(v).split(KEY_MARK).join(anonKey)] as [string, string],
    );
    const key = requestKey(read.url, headers);
    if (reads.started.has(key)) continue;
    reads.started.set(key, new Promise((done) => todo.push({ url: read.url, headers, done })));
  }
  const next = async (): Promise<void> => {
    const read = todo.shift();
    if (!read) return;
    try {
      const res = await base(read.url, { headers: read.headers });
      // A failed read is made again by the page, which reports it as the build's error.
      read.done(
        res.ok
          ? { status: res.status, statusText: res.statusText, headers: [...res.headers], body: await res.arrayBuffer() }
          : null,
      );
    } catch {
      read.done(null);
    }
    return next();
  };
  for (let i = 0; i < AT_ONCE; i++) void next();
}

/**
 * As a build ends well: saves the reads it made (the key taken out) for the next build of this cache folder, and
 * forgets them and any unused response.
 */
export function savePrefetch(cacheDir: string, anonKey?: string) {
  const reads = state();
  endPrefetch();
  if (!reads) return;
  const hide = (v: string) => (anonKey ? v.split(anonKey).join(KEY_MARK) : v);
  const list = [...reads.made.values()].map((r) => ({ url: r.url, headers: r.headers.map(([k, v]) => [k, hide(v)]) }));
  try {
    writeFileSync(path.join(cacheDir, READS_FILE), JSON.stringify({ reads: list }));
  } catch {
    // Without the list the next build reads as it always did, only later.
  }
}

/** Forgets this build's reads and responses (a build that failed, or the next build's start). */
export function endPrefetch() {
  delete (globalThis as Record<symbol, unknown>)[STATE];
}
