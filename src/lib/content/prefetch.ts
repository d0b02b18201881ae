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
/**
 * The list of a kind of build, when builds of two kinds read differently (a layered build with a base reads posts
 * by the plan, site.ts): each starts the reads of the last build of its own kind, not those of the other.
 */
const readsFile = (kind?: string) => (kind ? `build-reads-${kind}.json` : READS_FILE);
/** At most this many reads are kept (the first): more would mean something reads row by row. */
const MAX_READS = 200;
/** Reads started at once, as the pages' own paging does (read-all.ts): the database is not sent the whole list at once. */
const AT_ONCE = 4;
/** Where the anon key stood in a header, in the list on disk: the list holds no key. */
const KEY_MARK = '\u0000anon-key\u0000';
/** Headers that carry the key: a read whose key could not be taken out of them is not kept. */
const KEY_HEADERS = new Set(['apikey', 'authorization']);

/**
 * A header that keeps a read out of the list the next build starts early, for a read that follows from this build's
 * plan (the texts of the posts that render, blog.ts): the next build's is another. Taken off before the request goes.
 */
export const UNKEPT_READ = 'x-hotel-unkept-read';

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
  /** The pages of each paged read started early (pageOf): collection → offset → request. */
  pages: Map<string, Map<number, string>>;
  /** Whether each paged read is answered early, decided at its first page (answerPaged). */
  collections: Map<string, boolean>;
  /** Stops what is still running when the build ends. */
  abort: AbortController;
}

const STATE = Symbol.for('hotel.build-reads');
const state = () => (globalThis as Record<symbol, unknown>)[STATE] as BuildReads | undefined;

const byName = ([a]: [string, string], [b]: [string, string]) => (a < b ? -1 : a > b ? 1 : 0);

/** One request as one string: its address and every header (as fetch sends them, sorted). */
function requestKey(url: string, headers: Headers): string {
  return JSON.stringify([url, [...headers].sort(byName)]);
}

/**
 * A page of a paged read (read-all.ts: `offset` and `limit` in the address): the read it belongs to (its address
 * without them, and its headers but Prefer, which only the first page sends) and its offset. Null for another read.
 */
function pageOf(url: string, headers: Headers): { collection: string; offset: number; limit: number } | null {
  const u = new URL(url);
  const offset = Number(u.searchParams.get('offset') ?? NaN);
  const limit = Number(u.searchParams.get('limit') ?? NaN);
  if (!Number.isInteger(offset) || !Number.isInteger(limit) || limit < 1) return null;
  u.searchParams.delete('offset');
  u.searchParams.delete('limit');
  return {
    collection: JSON.stringify([u.href, [...headers].filter(([k]) => k !== 'prefer').sort(byName)]),
    offset,
    limit,
  };
}

const restApi = (supabaseUrl: string) => new URL('rest/v1/', supabaseUrl.replace(/\/*$/, '/')).href;

/**
 * Whether a paged read is answered early, decided at its first page: only whole. The first page carries the total
 * (Content-Range), which says every page the read will ask for; if each was started and succeeded, they all answer
 * (one moment's data). If any is missing (the blog grew past another thousand posts) or failed, none does: the
 * pages are read from the database together, as they always were, so that no row is read twice or missed because
 * others came or went in between.
 */
async function answerPaged(
  reads: BuildReads,
  { collection, limit }: { collection: string; limit: number },
  first: Answer | null,
): Promise<boolean> {
  const pages = reads.pages.get(collection) ?? new Map<number, string>();
  const range = first && /\/(\d+)$/.exec(new Headers(first.headers).get('content-range') ?? '');
  let whole = Boolean(range);
  if (range) {
    const answers: Promise<Answer | null>[] = [];
    for (let offset = limit; offset < Number(range[1]); offset += limit) {
      const key = pages.get(offset);
      const answer = key === undefined ? undefined : reads.started.get(key);
      if (!answer) whole = false;
      else answers.push(answer);
    }
    if (whole) whole = (await Promise.all(answers)).every(Boolean);
  }
  reads.collections.set(collection, whole);
  if (!whole) for (const key of pages.values()) reads.started.delete(key);
  return whole;
}

/**
 * The build client's fetch (client.ts): answers a read with the response started for it, if any, and records every
 * read for the next build. Outside a build (astro dev, tests) it is `base` itself.
 */
export function prefetchedFetch(base: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    const unkept = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    if (unkept.has(UNKEPT_READ)) {
      unkept.delete(UNKEPT_READ);
      return base(new Request(input, { ...init, headers: unkept }));
    }
    const reads = state();
    if (!reads) return base(input, init);
    const request = new Request(input, init);
    if (request.method !== 'GET' || !request.url.startsWith(reads.api)) return base(input, init);
    const key = requestKey(request.url, request.headers);
    if (reads.made.size < MAX_READS && !reads.made.has(key))
      reads.made.set(key, { url: request.url, headers: [...request.headers] });
    const started = reads.started.get(key);
    reads.started.delete(key);
    let answer = started ? await started : null;
    const page = pageOf(request.url, request.headers);
    if (page) {
      const decided = reads.collections.get(page.collection);
      const whole = decided ?? (page.offset === 0 ? await answerPaged(reads, page, answer) : false);
      if (!whole) answer = null;
    }
    if (!answer) return base(input, init);
    return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers: answer.headers });
  };
}

/**
 * As a build begins: forgets any earlier build's reads, and starts again the reads the last build of this cache
 * folder made, with this build's key. A missing or unreadable list starts nothing. Resolves when every read it
 * started has ended.
 */
export async function startPrefetch(
  cacheDir: string,
  { supabaseUrl, anonKey, kind }: { supabaseUrl?: string; anonKey?: string; kind?: string },
  base: typeof fetch = fetch,
): Promise<void> {
  endPrefetch();
  const key = anonKey?.trim();
  if (!supabaseUrl || !key) return;
  let api: string;
  try {
    api = restApi(supabaseUrl);
  } catch {
    return;
  }
  const reads: BuildReads = {
    api,
    made: new Map(),
    started: new Map(),
    pages: new Map(),
    collections: new Map(),
    abort: new AbortController(),
  };
  (globalThis as Record<symbol, unknown>)[STATE] = reads;
  let list: Read[];
  try {
    const saved = JSON.parse(readFileSync(path.join(cacheDir, readsFile(kind)), 'utf8')) as { reads?: Read[] };
    list = Array.isArray(saved.reads) ? saved.reads.slice(0, MAX_READS) : [];
  } catch {
    return;
  }
  const todo: { url: string; headers: Headers; done: (answer: Answer | null) => void }[] = [];
  for (const read of list) {
    if (typeof read?.url !== 'string' || !read.url.startsWith(api) || !Array.isArray(read.headers)) continue;
    let headers: Headers;
    try {
      headers = new Headers(
        read.headers.map(([k, v]) => [String(k), String(v).split(KEY_MARK).join(key)] as [string, string]),
      );
    } catch {
      continue;
    }
    const id = requestKey(read.url, headers);
    if (reads.started.has(id)) continue;
    reads.started.set(id, new Promise((done) => todo.push({ url: read.url, headers, done })));
    const page = pageOf(read.url, headers);
    if (page) {
      if (!reads.pages.has(page.collection)) reads.pages.set(page.collection, new Map());
      reads.pages.get(page.collection)!.set(page.offset, id);
    }
  }
  const next = async (): Promise<void> => {
    const read = todo.shift();
    if (!read) return;
    try {
      const res = await base(read.url, { headers: read.headers, signal: reads.abort.signal });
      if (res.ok) {
        const body = await res.arrayBuffer();
        read.done({ status: res.status, statusText: res.statusText, headers: [...res.headers], body });
      } else {
        // A failed read is made again by the page, which reports it as the build's error.
        await res.body?.cancel().catch(() => {});
        read.done(null);
      }
    } catch {
      read.done(null);
    }
    return next();
  };
  await Promise.all(Array.from({ length: AT_ONCE }, next));
}

/**
 * As a build ends well: saves the reads it made (the key taken out) for the next build of this cache folder, and
 * forgets them and any unused response. A read whose key could not be taken out of its headers is not kept.
 */
export function savePrefetch(cacheDir: string, anonKey?: string, kind?: string) {
  const reads = state();
  endPrefetch();
  const key = anonKey?.trim();
  if (!reads || !key) return;
  const list = [];
  for (const r of reads.made.values()) {
    const headers = r.headers.map(([k, v]) => [k, v.split(key).join(KEY_MARK)] as [string, string]);
    if (headers.some(([k, v]) => KEY_HEADERS.has(k.toLowerCase()) && !v.includes(KEY_MARK))) continue;
    list.push({ url: r.url, headers });
  }
  try {
    writeFileSync(path.join(cacheDir, readsFile(kind)), JSON.stringify({ reads: list }));
  } catch {
    // Without the list the next build reads as it always did, only later.
  }
}

/** Forgets this build's reads and responses, and stops those still running (a build that failed, or the next build's start). */
export function endPrefetch() {
  state()?.abort.abort();
  delete (globalThis as Record<symbol, unknown>)[STATE];
}
