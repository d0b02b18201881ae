/**
 * The build's reads started as it begins (#28, src/lib/content/prefetch.ts), against the real test stack through the
 * build's own client: a read the last build made is answered from the request started for it, and nothing else is.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBuildClient } from '../../src/lib/content/client';
import { fetchCategories, fetchLivePosts, fetchPostTexts } from '../../src/lib/content/blog';
import { fetchSections } from '../../src/lib/content/pages';
import { fetchSeoSettings, fetchStaticSeo } from '../../src/lib/content/seo';
import { READS_FILE, UNKEPT_READ, endPrefetch, savePrefetch, startPrefetch } from '../../src/lib/content/prefetch';
import { serviceClient, stackInfo } from '../helpers/supabase';

let dir = '';
/** Every request that reached the network. */
let sent: string[] = [];
/** Requests that reached the network still carrying UNKEPT_READ. */
let marked = 0;
const realFetch = globalThis.fetch;
const counting: typeof fetch = (input, init) => {
  sent.push(String(input instanceof Request ? input.url : input));
  if (new Request(input, init).headers.has(UNKEPT_READ)) marked++;
  return realFetch(input, init);
};
const offsetOf = (url: string) => new URL(url).searchParams.get('offset');
const tableOf = (url: string) => new URL(url).pathname.replace('/rest/v1/', '');

/** What the build's pages read: the posts, categories, settings, static SEO and sections (more than four reads). */
async function pageReads(key = stackInfo().anonKey) {
  const client = createBuildClient(stackInfo().url, key);
  const [posts, categories, settings, staticSeo, sections] = await Promise.all([
    fetchLivePosts(client, 'whole'),
    fetchCategories(client),
    fetchSeoSettings(client),
    fetchStaticSeo(client),
    fetchSections(client),
  ]);
  return { posts, categories, settings, staticSeo, sections };
}

const keys = (anonKey = stackInfo().anonKey) => ({ supabaseUrl: stackInfo().url, anonKey });
const readsOnDisk = () =>
  (JSON.parse(readFileSync(path.join(dir, READS_FILE), 'utf8')) as { reads: { url: string }[] }).reads;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'prefetch-'));
  sent = [];
  marked = 0;
  globalThis.fetch = counting;
});
afterEach(() => {
  globalThis.fetch = realFetch;
  endPrefetch();
  rmSync(dir, { recursive: true, force: true });
});

/** A first build: nothing to start early; its reads are saved for the next. */
async function firstBuild(key = stackInfo().anonKey) {
  await startPrefetch(dir, keys(key));
  const data = await pageReads(key);
  savePrefetch(dir, key);
  const made = [...sent];
  sent = [];
  return { data, made };
}

describe("the build's reads, started as it begins", () => {
  it('are answered from the requests started for them: the next build sends each read once, early', async () => {
    const first = await firstBuild();
    expect(first.made.length).toBeGreaterThan(4);
    // Every read of the last build, sent before any page asks.
    await startPrefetch(dir, keys());
    expect(sent.sort()).toEqual([...first.made].sort());
    const data = await pageReads();
    expect(sent).toHaveLength(first.made.length);
    expect(data).toEqual(first.data);
  });

  it('keep the list of requests without the key, and no data', async () => {
    await firstBuild();
    const saved = readFileSync(path.join(dir, READS_FILE), 'utf8');
    expect(saved).not.toContain(stackInfo().anonKey);
    expect(saved).toContain('/rest/v1/blog_posts?');
    expect(saved).not.toContain('walking-the-kora-at-dawn');
  });

  it('take the key out of the list however the environment wrote it, and keep no read they could not take it from', async () => {
    // A key set with a line break after it (fetch sends the header without it).
    const first = await firstBuild(`${stackInfo().anonKey}\n`);
    expect(readFileSync(path.join(dir, READS_FILE), 'utf8')).not.toContain(stackInfo().anonKey);
    await startPrefetch(dir, keys(`${stackInfo().anonKey}\n`));
    expect(sent).toHaveLength(first.made.length);
    await pageReads(`${stackInfo().anonKey}\n`);
    expect(sent).toHaveLength(first.made.length);
    // Told another key than the one the reads carried: nothing is written that holds the real one.
    await startPrefetch(dir, keys());
    await pageReads();
    savePrefetch(dir, 'another-key');
    expect(readsOnDisk()).toEqual([]);
  });

  it('leave a read the last build did not make to the page, as before', async () => {
    await firstBuild();
    writeFileSync(
      path.join(dir, READS_FILE),
      JSON.stringify({ reads: readsOnDisk().filter((r) => tableOf(r.url) !== 'categories') }),
    );
    await startPrefetch(dir, keys());
    const early = sent.length;
    await pageReads();
    expect(sent.slice(early).map(tableOf)).toEqual(['categories']);
  });

  it('never answer a read made with another key, even one that sees more (the service role sees drafts)', async () => {
    const first = await firstBuild();
    await startPrefetch(dir, keys(stackInfo().serviceRoleKey));
    const early = sent.length;
    expect(early).toBe(first.made.length);
    const data = await pageReads();
    expect(sent.length - early).toBe(first.made.length);
    expect(data).toEqual(first.data);
  });

  it('that failed or were refused are made again by the page', async () => {
    const first = await firstBuild();
    await startPrefetch(dir, keys(), () => Promise.reject(new Error('connection refused')));
    expect(await pageReads()).toEqual(first.data);
    expect(sent).toHaveLength(first.made.length);
    sent = [];
    await startPrefetch(dir, keys(), () => Promise.resolve(new Response('{"message":"busy"}', { status: 503 })));
    expect(await pageReads()).toEqual(first.data);
    expect(sent).toHaveLength(first.made.length);
  });

  it("keep a read of one post's text for the next build, but not a read of many or all (they follow the plan)", async () => {
    await startPrefetch(dir, keys());
    const client = createBuildClient(stackInfo().url, stackInfo().anonKey);
    const posts = await fetchLivePosts(client, 'opening');
    const texts = await fetchPostTexts(client, [posts[0].id]);
    expect([...texts.keys()]).toEqual([posts[0].id]);
    // More ids than one request takes, and every post.
    const many = [...Array.from({ length: 150 }, () => randomUUID()), posts[0].id];
    expect([...(await fetchPostTexts(client, many)).keys()]).toEqual([posts[0].id]);
    expect((await fetchPostTexts(client, 'all')).size).toBe(posts.length);
    savePrefetch(dir, stackInfo().anonKey);
    const select = (url: string) => new URL(url).searchParams.get('select');
    // Every text read went out (two for the 151 ids), without the mark; the list and the one post's are kept.
    expect(sent.filter((u) => select(u) === 'id,content')).toHaveLength(4);
    expect(marked).toBe(0);
    const kept = readsOnDisk().map((r) => new URL(r.url));
    expect(kept).toHaveLength(2);
    expect(kept[0].searchParams.get('select')).toContain('content_opening');
    expect(kept[1].searchParams.get('select')).toBe('id,content');
    expect(kept[1].searchParams.get('id')).toBe(`in.(${posts[0].id})`);
  });

  it('keep a list for each kind of build: one that reads texts by its plan starts only the reads of its own kind', async () => {
    const kind = 'by-plan';
    await startPrefetch(dir, { ...keys(), kind });
    const client = createBuildClient(stackInfo().url, stackInfo().anonKey);
    await fetchLivePosts(client, 'opening');
    savePrefetch(dir, stackInfo().anonKey, kind);
    expect(() => readFileSync(path.join(dir, READS_FILE))).toThrow();
    sent = [];
    // A build of the other kind (a full one) starts nothing of it.
    await startPrefetch(dir, keys());
    expect(sent).toEqual([]);
    await startPrefetch(dir, { ...keys(), kind });
    expect(sent.map((u) => new URL(u).searchParams.get('select'))).toEqual([
      expect.stringContaining('content_opening'),
    ]);
  });

  it('never outlive their build', async () => {
    const first = await firstBuild();
    await startPrefetch(dir, keys());
    endPrefetch();
    await pageReads();
    expect(sent).toHaveLength(first.made.length * 2);
  });

  it('are neither started nor recorded outside a build (astro dev), nor from a list that cannot be read', async () => {
    await pageReads();
    expect(sent.length).toBeGreaterThan(0);
    savePrefetch(dir, stackInfo().anonKey);
    expect(() => readFileSync(path.join(dir, READS_FILE))).toThrow();
    writeFileSync(path.join(dir, READS_FILE), '{ not json');
    sent = [];
    await startPrefetch(dir, keys());
    expect(sent).toHaveLength(0);
    // A list naming another host is not followed.
    writeFileSync(
      path.join(dir, READS_FILE),
      JSON.stringify({ reads: [{ url: 'http://example.invalid/rest/v1/x', headers: [] }] }),
    );
    await startPrefetch(dir, keys());
    expect(sent).toHaveLength(0);
  });
});

describe('a paged read (more than 1,000 posts), started early', () => {
  const STAMP = Date.now().toString(36);
  beforeAll(async () => {
    const rows = Array.from({ length: 1100 }, (_, i) => ({
      slug: `prefetch-${STAMP}-${i}`,
      title: `Prefetch ${i}`,
      content: 'A post for paging.',
      is_published: true,
      published_date: new Date(Date.now() - 86_400_000).toISOString(),
    }));
    const { error } = await serviceClient().from('blog_posts').insert(rows);
    if (error) throw error;
  }, 60_000);
  afterAll(async () => {
    await serviceClient().from('blog_posts').delete().like('slug', `prefetch-${STAMP}-%`);
  });

  const postPages = () => sent.filter((u) => tableOf(u) === 'blog_posts').map(offsetOf);

  it('answers from the early reads when every page was started', async () => {
    const first = await firstBuild();
    expect(first.made.filter((u) => tableOf(u) === 'blog_posts').map(offsetOf)).toEqual(['0', '1000']);
    await startPrefetch(dir, keys());
    const early = sent.length;
    const data = await pageReads();
    expect(sent).toHaveLength(early);
    expect(data.posts).toEqual(first.data.posts);
  });

  it('reads every page from the database when one was not started (the blog grew): one moment, no post twice', async () => {
    const first = await firstBuild();
    writeFileSync(
      path.join(dir, READS_FILE),
      JSON.stringify({
        reads: readsOnDisk().filter((r) => !(tableOf(r.url) === 'blog_posts' && offsetOf(r.url) === '1000')),
      }),
    );
    await startPrefetch(dir, keys());
    sent = [];
    const data = await pageReads();
    expect(postPages()).toEqual(['0', '1000']);
    expect(data.posts).toEqual(first.data.posts);
  });

  it('reads every page from the database when one failed early', async () => {
    const first = await firstBuild();
    await startPrefetch(dir, keys(), (input, init) =>
      offsetOf(String(input)) === '1000' ? Promise.reject(new Error('reset')) : counting(input, init),
    );
    sent = [];
    const data = await pageReads();
    expect(postPages()).toEqual(['0', '1000']);
    expect(data.posts).toEqual(first.data.posts);
  });
});
