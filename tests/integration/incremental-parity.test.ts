/**
 * Incremental publishing never serves a stale page (#17, #28). From the seeded site, each edit below is made through
 * supabase-js, then the site is built three ways at once:
 *
 * - incrementally with Astro's cache, on the cache the previous such build left (a chain, as the deploy workflow
 *   builds production, which stays a complete folder): the first edit's in a new `astro build` process, the
 *   others in a build process kept warm;
 * - as a layered release by the publisher (scripts/publisher/releases.mjs): only the pages whose key changed are
 *   rendered, the rest named from the live release's manifest;
 * - in full (a `--force` build on a cache of its own, in a build process kept warm as the publisher's is), the
 *   reference.
 *
 * The Astro-incremental folder must be identical to the full one, file for file. The layered release must hold
 * exactly the full build's files, and every URL the full build serves (each file, each redirect source, a path
 * without its slash, a missing path) must answer the same through the site server from the layered release as
 * from the full folder: status, `Location` and body bytes. Each incremental build must also have reused pages, or
 * the test would prove nothing.
 *
 * Values allowed to differ between the builds: none. The builds write no times of their own (no lastBuildDate, no
 * generator stamp); if one ever does, list the file and the pattern in ALLOWED.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceClient, stackInfo } from '../helpers/supabase';
import { readBuildReport } from '@boudha/publisher/build-runner';
import { createWarmBuilder } from '@boudha/publisher/warm-builder';
import { createPublisher } from '@boudha/publisher/publisher';
import { PROJECT_ROOT } from '@boudha/local-supabase/config';
import { createSiteServer } from '@boudha/publisher/site-server';
import { astroCacheDir } from '../../src/lib/images/upload-cache.mjs';
import { seedImageCopies } from '../helpers/image-copies';

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

/** A build in a build process kept warm (scripts/publisher/warm-builder.mjs), on the given cache. */
async function warmBuild(builder: ReturnType<typeof createWarmBuilder>, cacheDir: string, full: boolean) {
  const s = stackInfo();
  const out = path.join(root, `${++step}-${full ? 'full' : 'incremental'}`);
  const env = {
    PUBLIC_SUPABASE_URL: s.url,
    PUBLIC_SUPABASE_ANON_KEY: s.anonKey,
    SITE_URL: SITE,
    ASTRO_CACHE_DIR: cacheDir,
  };
  const result = await builder.run({ outDir: out, full, env });
  if (result.code !== 0) throw new Error(`the build failed:\n${result.output.slice(-3000)}`);
  const counts = await readBuildReport(`${out}.report.json`);
  if (!counts) throw new Error(`the build wrote no report:\n${result.output.slice(-2000)}`);
  return { out, rendered: counts.pages_rendered, reused: counts.pages_reused };
}

/**
 * The reference: a full build (`--force`, on a cache of its own) in a build process kept warm, as the publisher's
 * is, so that each edit costs one cold build, not two. Where the cold Astro-incremental chain runs too, its files
 * must equal these, which checks the warm process as well.
 */
const fullBuild = () => warmBuild(fullWarm, fullCache, true);

let chainBuilds = 0;
/**
 * The Astro-incremental chain after an edit: the first edit's build in a new `astro build` process, as the deploy
 * workflow runs it (cold, so its files equal to the warm reference's check the warm process too); the others in a
 * warm process of their own, which costs npm test less (#28) and also checks Astro's cache across builds in one
 * process.
 */
const chainBuild = () =>
  chainBuilds++ === 0 ? build(incrementalCache, false) : warmBuild(chainWarm, incrementalCache, false);

async function files(dir: string) {
  return (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((d) => d.isFile())
    .map((d) => path.relative(dir, path.join(d.parentPath, d.name)).split(path.sep).join('/'))
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

// The publisher's layered releases, served as npm start serves them, and the full build served the same way.
let publisher: ReturnType<typeof createPublisher>;
let publisherDir = '';
let fullDir = '';
let layeredServer: Server;
let fullServer: Server;
const buildIds: number[] = [];
/** Set by a test to stop the publisher's next build once it has written pages (the crash test). */
let killNextBuild = false;
let warm: ReturnType<typeof createWarmBuilder>;
let fullWarm: ReturnType<typeof createWarmBuilder>;
let chainWarm: ReturnType<typeof createWarmBuilder>;

const base = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const listen = (server: Server) => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));

/** Publishes through the publisher; resolves with the build's row. */
async function publish() {
  const { build: row, done } = await publisher.request({ trigger: 'cli' });
  await done;
  buildIds.push(row!.id);
  const { data } = ok(await svc().from('site_builds').select().eq('id', row!.id).single());
  return data!;
}

/** The URLs to compare: each file's, each redirect source, a folder without its slash, a missing page. */
async function urlsOf(dir: string) {
  const urls = new Set<string>();
  for (const f of await files(dir)) {
    if (f === 'index.html') urls.add('/');
    else if (f.endsWith('/index.html')) {
      urls.add(`/${f.slice(0, -'index.html'.length)}`);
      urls.add(`/${f.slice(0, -'/index.html'.length)}`);
    } else urls.add(`/${f}`);
  }
  const rules = await readFile(path.join(dir, '_redirects'), 'utf8').catch(() => '');
  for (const line of rules.split('\n')) {
    const from = line.trim().split(/\s+/)[0];
    if (from?.startsWith('/') && !/[*:]/.test(from)) urls.add(from);
  }
  urls.add(`/no-such-page-${STAMP}/`);
  return [...urls].sort();
}

/** What a server answers for each URL that differs from the other's: status, Location, body bytes. */
async function answerDifferences(urls: string[]) {
  const diff: string[] = [];
  for (let i = 0; i < urls.length; i += 16)
    await Promise.all(
      urls.slice(i, i + 16).map(async (u) => {
        const [a, b] = await Promise.all(
          [fullServer, layeredServer].map(async (server) => {
            const res = await fetch(base(server) + u, { redirect: 'manual' });
            return {
              status: res.status,
              location: res.headers.get('location'),
              body: Buffer.from(await res.arrayBuffer()),
            };
          }),
        );
        if (a.status !== b.status || a.location !== b.location || !a.body.equals(b.body))
          diff.push(
            `${u}: full ${a.status} ${a.location ?? ''} ${a.body.length} B, layered ${b.status} ${b.location ?? ''} ${b.body.length} B`,
          );
      }),
    );
  return diff;
}

/**
 * Applies an edit, builds the three ways, and returns the incremental builds' counts once all agree with the full
 * build. `astro: false` leaves the Astro-incremental chain out (NO_ASTRO).
 */
async function editAndCompare(edit: () => Promise<void>, { astro = true } = {}) {
  await edit();
  const [incremental, layered, full] = await Promise.all([astro ? chainBuild() : null, publish(), fullBuild()]);
  expect(layered).toMatchObject({ status: 'succeeded' });
  expect(full.reused).toBe(0);
  // The layered release answers every URL as the full build does, and holds exactly the full build's files.
  const previous = fullDir;
  fullDir = full.out;
  expect(await answerDifferences(await urlsOf(full.out))).toEqual([]);
  expect(publisher.live()!.list().sort()).toEqual(await files(full.out));
  if (incremental) expect(await differences(incremental.out, full.out)).toEqual([]);
  await Promise.all([
    incremental && rm(incremental.out, { recursive: true }),
    previous && rm(previous, { recursive: true, force: true }),
  ]);
  return { incremental, layered: { rendered: layered.pages_rendered!, reused: layered.pages_reused! }, full };
}

/**
 * Leaves the cold Astro-incremental chain out of an edit: it runs on four (a post's text, a title shown in lists
 * and related posts, unpublishing, a slug change), the layered release on every one. Each cold build costs more than the two warm ones together, and npm test runs this file
 * beside the end-to-end tests.
 */
const NO_ASTRO = { astro: false };

const ok = <T extends { error: unknown }>(r: T) => {
  if (r.error) throw r.error;
  return r;
};

let livePosts = 0;
let pagePath = '';
let blockId = '';

beforeAll(async () => {
  // Inside the project: Astro puts the prerender bundle of a build whose folder lies outside the working directory
  // in one shared place there, and these builds run at the same time.
  await mkdir(path.join(PROJECT_ROOT, '.data'), { recursive: true });
  root = await mkdtemp(path.join(PROJECT_ROOT, '.data', 'incremental-parity-'));
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
  // A category of its own, for the test that removes it (a post in it, so pages show its name).
  ok(await db.from('categories').insert({ name: `Parity ${STAMP}`, slug: `parity-${STAMP}` }));
  undo.push(() => db.from('categories').delete().eq('slug', `parity-${STAMP}`));
  extra[11].category = `parity-${STAMP}`;
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
  const s = stackInfo();
  publisherDir = path.join(root, 'publisher');
  warm = createWarmBuilder();
  fullWarm = createWarmBuilder();
  chainWarm = createWarmBuilder();
  publisher = createPublisher({
    dataDir: publisherDir,
    supabaseUrl: s.url,
    anonKey: s.anonKey,
    serviceRoleKey: s.serviceRoleKey,
    siteUrl: SITE,
    // The publisher's own warm builder; the crash test stops it once a build has written pages, before the switch.
    runBuild: (opts) =>
      warm.run({
        ...opts,
        onStart: (child) => {
          opts.onStart?.(child);
          if (!killNextBuild) return;
          killNextBuild = false;
          const timer = setInterval(() => {
            if (existsSync(path.join(opts.outDir, 'index.html'))) {
              clearInterval(timer);
              child.kill('SIGKILL');
            }
          }, 20);
          child.once('close', () => clearInterval(timer));
        },
      }),
  });
  layeredServer = createSiteServer({ root: () => publisher.live() });
  fullServer = createSiteServer({ root: () => fullDir || null });
  await Promise.all([listen(layeredServer), listen(fullServer)]);
  // The reference builder's first build too, so that its process is warm for the first edit, and the chain's first
  // build in its own warm process (the first edit's chain build then runs cold: chainBuild). The reference goes
  // first, and the other two caches start with the image copies it made (seedImageCopies): one conversion of each
  // image instead of three at once (#28: npm test's time).
  const reference = await fullBuild();
  await rm(reference.out, { recursive: true, force: true });
  for (const to of [incrementalCache, astroCacheDir(publisherDir)]) await seedImageCopies(fullCache, to);
  const [first, firstRelease] = await Promise.all([warmBuild(chainWarm, incrementalCache, false), publish()]);
  expect(first.reused).toBe(0);
  expect(firstRelease).toMatchObject({ status: 'succeeded', pages_reused: 0 });
}, 240_000);

afterAll(async () => {
  await publisher?.stop();
  warm?.stop();
  fullWarm?.stop();
  chainWarm?.stop();
  layeredServer?.close();
  fullServer?.close();
  for (const u of undo.reverse()) await u();
  if (buildIds.length) await svc().from('site_builds').delete().in('id', buildIds);
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
    expect(r.incremental!.reused).toBeGreaterThanOrEqual(livePosts - 1);
    expect(r.layered.reused).toBeGreaterThanOrEqual(livePosts - 1);
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
    expect(r.incremental!.reused).toBeGreaterThan(0);
    expect(r.layered.reused).toBeGreaterThan(0);
  }, 120_000);

  it('a category rename', async () => {
    await editAndCompare(() => change('categories', ['slug', 'culture'], { name: `Culture ${STAMP}` }), NO_ASTRO);
  }, 120_000);

  it('a contact detail shown on every page', async () => {
    const { data } = ok(await svc().from('contact_details').select('id').limit(1).single());
    await editAndCompare(() => change('contact_details', ['id', data!.id], { phone: '+977 1 444 5555' }), NO_ASTRO);
  }, 120_000);

  it('a global SEO field', async () => {
    const { data } = ok(await svc().from('seo_settings').select('id').limit(1).single());
    await editAndCompare(() => change('seo_settings', ['id', data!.id], { gtm_container_id: 'GTM-PARITY1' }), NO_ASTRO);
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
    }, NO_ASTRO);
    // No generated page shows the redirects: every post is reused.
    expect(r.layered.reused).toBeGreaterThanOrEqual(livePosts);
  }, 120_000);

  it('unpublishing a post', async () => {
    await editAndCompare(() => change('blog_posts', ['slug', `parity-${STAMP}-3`], { is_published: false }));
  }, 120_000);

  it('scheduling a post', async () => {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    await editAndCompare(
      () => change('blog_posts', ['slug', `parity-${STAMP}-7`], { published_date: tomorrow }),
      NO_ASTRO,
    );
  }, 120_000);

  it("a page's block", async () => {
    const r = await editAndCompare(async () => {
      ok(
        await svc()
          .from('content_blocks')
          .update({ content: { text: `Butter tea at five ${STAMP}.` } })
          .eq('id', blockId),
      );
    }, NO_ASTRO);
    expect(r.layered.reused).toBeGreaterThanOrEqual(livePosts - 2);
    expect(pagePath).toBeTruthy();
  }, 120_000);

  // The edits that remove or move pages (#28): the layered release must lose exactly what the full build lacks.

  it('deleting a post', async () => {
    await editAndCompare(async () => {
      ok(await svc().from('blog_posts').delete().eq('slug', `parity-${STAMP}-5`));
    }, NO_ASTRO);
    expect(publisher.live()!.locate(`blog/parity-${STAMP}-5/index.html`)).toBeNull();
  }, 120_000);

  it("a post's slug change, with its automatic 301", async () => {
    undo.push(() => svc().from('seo_redirects').delete().like('from_url', `/blog/parity-${STAMP}-%`));
    await editAndCompare(async () => {
      // As the editor saves (D23): the save that moves a published post adds the 301 in the same transaction.
      const db = svc();
      const { data: post } = ok(
        await db.from('blog_posts').select('id, updated_at').eq('slug', `parity-${STAMP}-9`).single(),
      );
      ok(
        await db.rpc('save_blog_post', {
          p_post: { id: post!.id, slug: `parity-${STAMP}-9-moved` },
          p_expected_updated_at: post!.updated_at,
        }),
      );
    });
    const res = await fetch(`${base(layeredServer)}/blog/parity-${STAMP}-9/`, { redirect: 'manual' });
    expect([res.status, res.headers.get('location')]).toEqual([301, `/blog/parity-${STAMP}-9-moved/`]);
    expect(publisher.live()!.locate(`blog/parity-${STAMP}-9/index.html`)).toBeNull();
  }, 120_000);

  it('a built-in page converted to a stored page, then back', async () => {
    const db = svc();
    const { data: page } = ok(
      await db
        .from('pages')
        .insert({
          slug: `about-${STAMP}`,
          custom_url: '/about/',
          title: 'About us, converted',
          content: `Converted ${STAMP}.`,
          is_published: true,
        })
        .select('id')
        .single(),
    );
    undo.push(() => db.from('pages').delete().eq('id', page!.id));
    const about = async () => (await fetch(`${base(layeredServer)}/about/`)).text();
    await editAndCompare(async () => {}, NO_ASTRO);
    expect(await about()).toContain(`Converted ${STAMP}.`);
    await editAndCompare(async () => {
      ok(await db.from('pages').update({ is_published: false }).eq('id', page!.id));
    }, NO_ASTRO);
    expect(await about()).not.toContain(`Converted ${STAMP}.`);
  }, 180_000);

  it('a category removed', async () => {
    await editAndCompare(async () => {
      ok(await svc().from('categories').delete().eq('slug', `parity-${STAMP}`));
    }, NO_ASTRO);
  }, 120_000);

  it('the last post of a list page removed', async () => {
    const db = svc();
    const live = async () =>
      (
        await db
          .from('blog_posts')
          .select('id')
          .eq('is_published', true)
          .lte('published_date', new Date().toISOString())
      ).data!.length;
    // Make the last list page hold exactly one post, then remove one post: that page is gone.
    const fill = (13 - ((await live()) % 12)) % 12;
    if (fill)
      ok(
        await db.from('blog_posts').insert(
          Array.from({ length: fill }, (_, i) => ({
            slug: `parity-${STAMP}-fill-${i}`,
            title: `Filler ${i}`,
            content: 'Prayer flags.',
            category: 'travel',
            is_published: true,
            published_date: new Date(Date.UTC(2023, 0, 1 + i)).toISOString(),
          })),
        ),
      );
    const count = await live();
    expect(count % 12).toBe(1);
    const last = `blog/page/${Math.ceil(count / 12)}/index.html`;
    await editAndCompare(async () => {}, NO_ASTRO);
    expect(publisher.live()!.locate(last)).not.toBeNull();
    await editAndCompare(async () => {
      ok(await db.from('blog_posts').update({ is_published: false }).eq('slug', `parity-${STAMP}-0`));
    }, NO_ASTRO);
    expect(publisher.live()!.locate(last)).toBeNull();
  }, 180_000);

  it('an upload replaced', async () => {
    const db = svc();
    const upload = async (name: string, blue: number) => {
      const jpeg = await sharp({
        create: { width: 900, height: 600, channels: 3, background: { r: 180, g: 120, b: blue } },
      })
        .jpeg({ quality: 80 })
        .toBuffer();
      const objectPath = `featured/parity-${STAMP}-${name}.jpg`;
      ok(await db.storage.from('blog-images').upload(objectPath, jpeg, { contentType: 'image/jpeg' }));
      undo.push(() => db.storage.from('blog-images').remove([objectPath]));
      return db.storage.from('blog-images').getPublicUrl(objectPath).data.publicUrl;
    };
    // The copies the post's page refers to, and which of them the release holds.
    const postCopies = async () => {
      const html = await readFile(publisher.live()!.locate(`blog/parity-${STAMP}-2/index.html`)!, 'utf8');
      return [...new Set([...html.matchAll(/\/(_uploads\/[A-Za-z0-9_-]+\.[a-z0-9]+)/g)].map((m) => m[1]))];
    };
    await editAndCompare(
      async () => change('blog_posts', ['slug', `parity-${STAMP}-2`], { featured_image: await upload('a', 40) }),
      NO_ASTRO,
    );
    const first = await postCopies();
    expect(first.length).toBeGreaterThan(0);
    const r = await editAndCompare(
      async () => change('blog_posts', ['slug', `parity-${STAMP}-2`], { featured_image: await upload('b', 220) }),
      NO_ASTRO,
    );
    // The first upload's copies left the release with it (the full build has only the second's).
    const second = await postCopies();
    expect(second.length).toBeGreaterThan(0);
    expect(second.filter((f) => first.includes(f))).toEqual([]);
    expect(
      publisher
        .live()!
        .list()
        .filter((f) => first.includes(f)),
    ).toEqual([]);
    expect(r.layered.reused).toBeGreaterThan(0);
  }, 180_000);

  it('a build killed between writing and switching leaves the old release live; the next publish is right', async () => {
    const page = `${base(layeredServer)}/blog/parity-${STAMP}-1/`;
    const live = publisher.live()!.id;
    const before = await (await fetch(page)).text();
    await change('blog_posts', ['slug', `parity-${STAMP}-1`], { title: `After the crash ${STAMP}` });
    killNextBuild = true;
    const killed = await publish();
    expect(killed).toMatchObject({ status: 'failed' });
    expect(publisher.live()!.id).toBe(live);
    expect(await (await fetch(page)).text()).toBe(before);
    // A release composed but never switched (the publisher died between the two steps): ignored, then collected.
    const orphan = path.join(publisherDir, 'builds', '9999-orphan');
    await mkdir(orphan, { recursive: true });
    await writeFile(path.join(orphan, 'index.html'), 'never live');
    await writeFile(
      `${orphan}.release.json`,
      JSON.stringify({
        version: 1,
        name: '9999-orphan',
        code: '',
        pages: {},
        files: { 'index.html': '9999-orphan' },
        refs: {},
      }),
    );
    await editAndCompare(async () => {}, NO_ASTRO);
    expect(await (await fetch(page)).text()).toContain(`After the crash ${STAMP}`);
    expect(existsSync(orphan) || existsSync(`${orphan}.release.json`)).toBe(false);
  }, 180_000);
});
