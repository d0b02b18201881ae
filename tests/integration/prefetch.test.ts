/**
 * The build's reads started as it begins (#28, src/lib/content/prefetch.ts), against the real test stack through the
 * build's own client: a read the last build made is answered from the request started for it, and nothing else is.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createBuildClient } from '../../src/lib/content/client';
import { fetchCategories, fetchLivePosts } from '../../src/lib/content/blog';
import { fetchSeoSettings } from '../../src/lib/content/seo';
import { READS_FILE, endPrefetch, savePrefetch, startPrefetch } from '../../src/lib/content/prefetch';
import { stackInfo } from '../helpers/supabase';

let dir = '';
/** Every request that reached the network, and its answer. */
let sent: { url: string; answer: Promise<Response> }[] = [];
const realFetch = globalThis.fetch;
const counting: typeof fetch = (input, init) => {
  const answer = realFetch(input, init);
  sent.push({ url: String(input instanceof Request ? input.url : input), answer });
  return answer;
};
/** Until every request sent so far has been answered. */
const settled = () => Promise.allSettled(sent.map((s) => s.answer));

/** What the build's pages read: the posts (two requests at most here), the categories and the settings. */
async function pageReads() {
  const s = stackInfo();
  const client = createBuildClient(s.url, s.anonKey);
  return {
    posts: await fetchLivePosts(client),
    categories: await fetchCategories(client),
    settings: await fetchSeoSettings(client),
  };
}

const keys = () => ({ supabaseUrl: stackInfo().url, anonKey: stackInfo().anonKey });

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'prefetch-'));
  sent = [];
  globalThis.fetch = counting;
});
afterEach(() => {
  globalThis.fetch = realFetch;
  endPrefetch();
  rmSync(dir, { recursive: true, force: true });
});

/** A first build: nothing to start early; its reads are saved for the next. */
async function firstBuild() {
  startPrefetch(dir, keys());
  const data = await pageReads();
  savePrefetch(dir, stackInfo().anonKey);
  const made = sent.length;
  sent = [];
  return { data, made };
}

describe("the build's reads, started as it begins", () => {
  it('are answered from the requests started for them: the next build sends each read once, early', async () => {
    const first = await firstBuild();
    expect(first.made).toBeGreaterThanOrEqual(3);
    startPrefetch(dir, keys());
    // Started before any page asks: the same requests the last build made.
    await settled();
    expect(sent).toHaveLength(first.made);
    const data = await pageReads();
    expect(sent).toHaveLength(first.made);
    expect(data).toEqual(first.data);
  });

  it('keep the list of requests without the key, and no data', async () => {
    await firstBuild();
    const saved = readFileSync(path.join(dir, READS_FILE), 'utf8');
    expect(saved).not.toContain(stackInfo().anonKey);
    expect(saved).toContain('/rest/v1/blog_posts?');
    expect(saved).not.toContain('walking-the-kora-at-dawn');
  });

  it('leave a read the last build did not make to the page, as before', async () => {
    await firstBuild();
    const list = JSON.parse(readFileSync(path.join(dir, READS_FILE), 'utf8')) as { reads: { url: string }[] };
    writeFileSync(
      path.join(dir, READS_FILE),
      JSON.stringify({ reads: list.reads.filter((r) => !r.url.includes('/categories?')) }),
    );
    startPrefetch(dir, keys());
    await settled();
    const early = sent.length;
    await pageReads();
    expect(sent.slice(early).map((s) => new URL(s.url).pathname)).toEqual(['/rest/v1/categories']);
  });

  it('are not used with another key: the page reads with its own', async () => {
    const first = await firstBuild();
    startPrefetch(dir, { ...keys(), anonKey: 'not-the-key' });
    await settled();
    const data = await pageReads();
    expect(sent).toHaveLength(first.made * 2);
    expect(data).toEqual(first.data);
  });

  it('that failed are made again by the page', async () => {
    const first = await firstBuild();
    startPrefetch(dir, keys(), () => Promise.reject(new Error('connection refused')));
    const data = await pageReads();
    expect(sent).toHaveLength(first.made);
    expect(data).toEqual(first.data);
  });

  it('never outlive their build', async () => {
    const first = await firstBuild();
    startPrefetch(dir, keys());
    await settled();
    endPrefetch();
    await pageReads();
    expect(sent).toHaveLength(first.made * 2);
  });

  it('are neither started nor recorded outside a build (astro dev), nor from a list that cannot be read', async () => {
    await pageReads();
    expect(sent.length).toBeGreaterThan(0);
    savePrefetch(dir, stackInfo().anonKey);
    expect(() => readFileSync(path.join(dir, READS_FILE))).toThrow();
    writeFileSync(path.join(dir, READS_FILE), '{ not json');
    sent = [];
    startPrefetch(dir, keys());
    await settled();
    expect(sent).toHaveLength(0);
    // A list naming another host is not followed.
    writeFileSync(
      path.join(dir, READS_FILE),
      JSON.stringify({ reads: [{ url: 'http://example.invalid/x', headers: [] }] }),
    );
    startPrefetch(dir, keys());
    await settled();
    expect(sent).toHaveLength(0);
  });
});
