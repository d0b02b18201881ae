/**
 * Incremental publishing never serves a stale page (#17). From the seeded site, each edit below is made through
 * supabase-js, then the site is built twice: incrementally, on the cache the previous incremental build left
 * (a chain, as the publisher builds), and in full (`astro build --force` on a cache of its own). Every file of
 * the two builds must be identical. Each incremental build must also have reused pages, or the test would prove
 * nothing.
 *
 * Values allowed to differ between the two builds: none. The builds write no times of their own (no
 * lastBuildDate, no generator stamp); if one ever does, list the file and the pattern in ALLOWED.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceClient, stackInfo } from '../helpers/supabase';
import { readBuildReport } from '@boudha/publisher/build-runner';

const run = promisify(execFile);
const SITE = 'https://boudhamandala.example';
/** file (relative to the out dir) → patterns whose matches are blanked before comparing. Empty: see above. */
const ALLOWED: Record<string, RegExp[]> = {};

let root = '';
let incrementalCache = '';
let fullCache = '';
let step = 0;
const undo: Array<() => PromiseLike<unknown>> = [];
const svc = () => serviceClient();
const STAMP = Date.now().toString(36);

/** astro build into a new folder; returns it, with the counts the build printed. */
async function build(cacheDir: string, full: boolean) {
  const s = stackInfo();
  const out = path.join(root, `${++step}-${full ? 'full' : 'incremental'}`);
  const { stdout, stderr } = await run(
    process.execPath,
    ['node_modules/astro/bin/astro.mjs', 'build', ...(full ? ['--force'] : [])],
    {
      env: {
        ...process.env,
        PUBLIC_SUPABASE_URL: s.url,
        PUBLIC_SUPABASE_ANON_KEY: s.anonKey,
        SITE_URL: SITE,
        ASTRO_OUT_DIR: out,
        BUILD_REPORT: `${out}.report.json`,
        ASTRO_CACHE_DIR: cacheDir,
        NO_COLOR: '1',
      },
      maxBuffer: 50_000_000,
    },
  ).catch((err: { stdout?: string; stderr?: string }) => {
    throw new Error(`build failed:\n${err.stderr ?? ''}\n${(err.stdout ?? '').slice(-3000)}`);
  });
  const counts = await readBuildReport(`${out}.report.json`);
  if (!counts) throw new Error(`the build wrote no report:\n${(stdout + stderr).slice(-2000)}`);
  return { out, rendered: counts.pages_rendered, reused: counts.pages_reused };
}

async function files(dir: string) {
  return (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((d) => d.isFile())
    .map((d) => path.relative(dir, path.join(d.parentPath, d.name)))
    .sort();
}

/** The files that differ between two builds (missing from one, or with other content). */
async function differences(a: string, b: string) {
  const [fa, fb] = await Promise.all([files(a), files(b)]);
  const diff = [...fa.filter((f) => !fb.includes(f)), ...fb.filter((f) => !fa.includes(f))].map(
    (f) => `${f} (only in one build)`,
  );
  for (const f of fa.filter((x) => fb.includes(x))) {
    const [x, y] = await Promise.all([readFile(path.join(a, f)), readFile(path.join(b, f))]);
    if (x.equals(y)) continue;
    const blank = (buf: Buffer) => (ALLOWED[f] ?? []).reduce((text, re) => text.replace(re, ''), buf.toString('utf8'));
    if (ALLOWED[f] && blank(x) === blank(y)) continue;
    diff.push(f);
  }
  return diff;
}

/** Applies an edit, builds both ways, and returns the incremental build's counts once the two builds agree. */
async function editAndCompare(edit: () => Promise<void>) {
  await edit();
  const incremental = await build(incrementalCache, false);
  const full = await build(fullCache, true);
  expect(await differences(incremental.out, full.out)).toEqual([]);
  expect(full.reused).toBe(0);
  await Promise.all([rm(incremental.out, { recursive: true }), rm(full.out, { recursive: true })]);
  return incremental;
}

const ok = <T extends { error: unknown }>(r: T) => {
  if (r.error) throw r.error;
  return r;
};

let livePosts = 0;
let pagePath = '';
let blockId = '';

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'incremental-parity-'));
  incrementalCache = path.join(root, 'cache-incremental');
  fullCache = path.join(root, 'cache-full');
  const db = svc();
  // Enough posts for list pages 2 and 3 (twelve a page), and a stored page with a block at its own address.
  const extra = Array.from({ length: 20 }, (_, i) => ({
    slug: `parity-${STAMP}-${i}`,
    title: `Parity post ${i}`,
    content: `## Part ${i}\n\nAround the stupa.`,
    category: i % 2 ? 'culture' : 'travel',
    is_published: true,
    published_date: new Date(Date.UTC(2024, 0, 1 + i)).toISOString(),
  }));
  ok(await db.from('blog_posts').insert(extra));
  undo.push(() => db.from('blog_posts').delete().like('slug', `parity-${STAMP}-%`));
  const { data: page } = ok(
    await db
      .from('pages')
      .insert({ slug: `parity-${STAMP}`, title: 'Parity page', content: 'Tea with the monks.', is_published: true })
      .select('id')
      .single(),
  );
  undo.push(() => db.from('pages').delete().eq('id', page!.id));
  pagePath = `/parity-${STAMP}/`;
  const { data: block } = ok(
    await db
      .from('content_blocks')
      .insert({ page_id: page!.id, block_type: 'text', content: { text: 'Butter tea at four.' }, is_active: true })
      .select('id')
      .single(),
  );
  blockId = block!.id;
  livePosts = (
    await db.from('blog_posts').select('id').eq('is_published', true).lte('published_date', new Date().toISOString())
  ).data!.length;
  const first = await build(incrementalCache, false);
  expect(first.reused).toBe(0);
}, 240_000);

afterAll(async () => {
  for (const u of undo.reverse()) await u();
  if (root) await rm(root, { recursive: true, force: true });
});

/** Remembers a row's fields and puts them back after the tests (the stack is shared by later files). */
async function change(
  table: 'blog_posts' | 'categories' | 'contact_details' | 'seo_settings',
  match: [string, string],
  fields: Record<string, unknown>,
) {
  const db = svc();
  const { data: before } = ok(
    await db.from(table).select(Object.keys(fields).join(', ')).eq(match[0], match[1]).single(),
  );
  undo.push(() =>
    db
      .from(table)
      .update(before as never)
      .eq(match[0], match[1]),
  );
  ok(
    await db
      .from(table)
      .update(fields as never)
      .eq(match[0], match[1]),
  );
}

describe('an incremental build after each edit is identical to a full build', () => {
  it("a post's text: only that post renders again among the posts", async () => {
    const r = await editAndCompare(() =>
      change('blog_posts', ['slug', 'butter-lamps-and-full-moon-nights'], { content: `## Lamps\n\nEdited ${STAMP}.` }),
    );
    expect(r.reused).toBeGreaterThanOrEqual(livePosts - 1);
  }, 120_000);

  it('a post title shown in lists and related posts', async () => {
    const { data } = ok(
      await svc()
        .from('blog_posts')
        .select('slug')
        .eq('is_published', true)
        .order('created_at', { ascending: false })
        .limit(1)
        .single(),
    );
    const r = await editAndCompare(() =>
      change('blog_posts', ['slug', data!.slug], { title: `Newest, renamed ${STAMP}` }),
    );
    expect(r.reused).toBeGreaterThan(0);
  }, 120_000);

  it('a category rename', async () => {
    await editAndCompare(() => change('categories', ['slug', 'culture'], { name: `Culture ${STAMP}` }));
  }, 120_000);

  it('a contact detail shown on every page', async () => {
    const { data } = ok(await svc().from('contact_details').select('id').limit(1).single());
    await editAndCompare(() => change('contact_details', ['id', data!.id], { phone: '+977 1 444 5555' }));
  }, 120_000);

  it('a global SEO field', async () => {
    const { data } = ok(await svc().from('seo_settings').select('id').limit(1).single());
    await editAndCompare(() => change('seo_settings', ['id', data!.id], { gtm_container_id: 'GTM-PARITY1' }));
  }, 120_000);

  it('a redirect', async () => {
    const r = await editAndCompare(async () => {
      const db = svc();
      ok(
        await db
          .from('seo_redirects')
          .insert({ from_url: `/old-${STAMP}/`, to_url: '/blog/', redirect_type: 301, is_active: true }),
      );
      undo.push(() => db.from('seo_redirects').delete().eq('from_url', `/old-${STAMP}/`));
    });
    // No generated page shows the redirects: every post is reused.
    expect(r.reused).toBeGreaterThanOrEqual(livePosts);
  }, 120_000);

  it('unpublishing a post', async () => {
    await editAndCompare(() => change('blog_posts', ['slug', `parity-${STAMP}-3`], { is_published: false }));
  }, 120_000);

  it('scheduling a post', async () => {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    await editAndCompare(() => change('blog_posts', ['slug', `parity-${STAMP}-7`], { published_date: tomorrow }));
  }, 120_000);

  it("a page's block", async () => {
    const r = await editAndCompare(async () => {
      ok(
        await svc()
          .from('content_blocks')
          .update({ content: { text: `Butter tea at five ${STAMP}.` } })
          .eq('id', blockId),
      );
    });
    expect(r.reused).toBeGreaterThanOrEqual(livePosts - 2);
    expect(pagePath).toBeTruthy();
  }, 120_000);
});
