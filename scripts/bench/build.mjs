// @ts-check
/**
 * `npm run bench:build`: the seeded site plus 1,000 generated posts, built from the database, against a plain
 * Astro project that builds the same 1,000 posts from markdown files; prints the times of both, their ratio (goal
 * ≤ 1.5×), the same for the publisher's full build (a layered release with no base, #28: no Astro cache), the pages
 * built and the database requests a build makes per table (goal: ≤ 1 per 1,000 rows).
 * After a first build of each (not timed in the ratios), the three builds run in turn, BENCH_ROUNDS times, and the
 * median of the rounds' ratios counts: all are measured with warm caches, and a machine whose speed drifts weighs on
 * them alike. One post in ten carries two uploaded Storage images, which the site's build turns into WebP copies
 * (D21): its first build fetches and converts them into the data dir's cache, the later ones reuse them; the
 * Storage downloads are printed.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PROJECT_ROOT } from '@boudha/local-supabase/config';
import { resetDataDir, startStack } from '@boudha/local-supabase/stack';
import { countPages } from '@boudha/publisher/build-runner';
import { astroCacheDir } from '../../src/lib/images/upload-cache.mjs';
import { benchEnvironment } from './env.mjs';

const BENCH = benchEnvironment();
const POSTS = BENCH.BENCH_POSTS;
/** Posts (every tenth) carrying two uploaded images each; BENCH_IMAGE_POSTS=0 for the site without uploads. */
const IMAGE_POSTS = Math.min(Math.ceil(POSTS / 10), BENCH.BENCH_IMAGE_POSTS ?? POSTS / 10);
const API_PORT = BENCH.BENCH_SUPABASE_PORT ?? 25395;
/** Rounds of the three timed builds. */
const ROUNDS = BENCH.BENCH_ROUNDS;
const ASTRO = path.join(PROJECT_ROOT, 'node_modules/astro/bin/astro.mjs');

/** @param {number} i */
function postBody(i) {
  return `## Morning ${i} at the stupa\n\nThe *kora* begins before dawn. **Butter lamps** flicker along the wall.\n\n- Walk clockwise\n- Spin the wheels with your right hand\n\n1. Arrive early\n2. Walk three laps\n\n[Rooms](/accommodation/) are ten seconds away.\n`;
}

/**
 * Uploads `n` pairs of distinct photos (1600×1200 JPEG) to the stack's Storage; returns their public URLs.
 * @param {import('@supabase/supabase-js').SupabaseClient} svc
 * @param {number} n
 */
async function uploadImages(svc, n) {
  const sharp = (await import('sharp')).default;
  /** @type {Array<{ featured: string, inline: string }>} */
  const urls = [];
  for (let i = 0; i < n; i++) {
    const pair = [];
    for (const kind of ['featured', 'content']) {
      const jpeg = await sharp({
        create: {
          width: 1600,
          height: 1200,
          channels: 3,
          background: { r: (i * 37) % 256, g: (i * 91) % 256, b: kind === 'featured' ? 60 : 200 },
          noise: { type: 'gaussian', mean: 0, sigma: 12 },
        },
      })
        .jpeg({ quality: 85 })
        .toBuffer();
      const objectPath = `${kind}/bench-${i}.jpg`;
      const { error } = await svc.storage.from('blog-images').upload(objectPath, jpeg, { contentType: 'image/jpeg' });
      if (error) throw new Error(`uploading ${objectPath}: ${error.message}`);
      pair.push(svc.storage.from('blog-images').getPublicUrl(objectPath).data.publicUrl);
    }
    urls.push({ featured: pair[0], inline: pair[1] });
  }
  return urls;
}

/**
 * Runs one `astro build` in `cwd` into `outDir` and returns its time in ms. Each run builds into a folder of its
 * own, as the publisher and CI do: emptying the previous run's output first would time the file system's deletes
 * rather than the build. The folder is removed, and the disk synced, before the clock starts.
 * @param {string} cwd
 * @param {Record<string, string>} env
 * @param {string} outDir
 * @param {string[]} [args] more arguments for astro build
 */
async function timedBuild(cwd, env, outDir, args = []) {
  await rm(outDir, { recursive: true, force: true });
  // Flush what earlier runs wrote, so that their writeback does not slow this run's file writes.
  spawnSync('sync');
  const t0 = performance.now();
  await new Promise((resolve, reject) => {
    // BENCH_VERBOSE=1 shows each build's own timings (pages, images).
    const verbose = BENCH.BENCH_VERBOSE;
    const child = spawn(process.execPath, [ASTRO, 'build', ...args, ...(verbose ? [] : ['--silent'])], {
      cwd,
      env: { ...process.env, ...env, ASTRO_OUT_DIR: outDir },
      stdio: ['ignore', verbose ? 'inherit' : 'ignore', 'inherit'],
    });
    child.on('exit', (code) =>
      code === 0 ? resolve(undefined) : reject(new Error(`build in ${cwd} failed (${code})`)),
    );
  });
  return performance.now() - t0;
}

/** @param {number[]} xs */
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** A plain Astro project: the same posts as markdown files in a content collection. */
async function makePlainProject(/** @type {string} */ dir) {
  await rm(dir, { recursive: true, force: true });
  await mkdir(path.join(dir, 'src/content/posts'), { recursive: true });
  await mkdir(path.join(dir, 'src/pages/blog'), { recursive: true });
  await symlink(path.join(PROJECT_ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  await writeFile(path.join(dir, 'package.json'), '{"type":"module"}\n');
  await writeFile(
    path.join(dir, 'astro.config.mjs'),
    "import { defineConfig } from 'astro/config';\nexport default defineConfig({ output: 'static', trailingSlash: 'always', outDir: process.env.ASTRO_OUT_DIR });\n",
  );
  await writeFile(
    path.join(dir, 'src/content.config.ts'),
    "import { defineCollection, z } from 'astro:content';\nimport { glob } from 'astro/loaders';\nexport const collections = { posts: defineCollection({ loader: glob({ pattern: '*.md', base: './src/content/posts' }), schema: z.object({ title: z.string(), date: z.string() }) }) };\n",
  );
  await writeFile(
    path.join(dir, 'src/pages/blog/[slug].astro'),
    "---\nimport { getCollection, render } from 'astro:content';\nexport async function getStaticPaths() { return (await getCollection('posts')).map((post) => ({ params: { slug: post.id }, props: { post } })); }\nconst { post } = Astro.props;\nconst { Content } = await render(post);\n---\n<html lang=\"en\"><head><title>{post.data.title}</title></head><body><h1>{post.data.title}</h1><Content /></body></html>\n",
  );
  await writeFile(
    path.join(dir, 'src/pages/blog/index.astro'),
    "---\nimport { getCollection } from 'astro:content';\nconst posts = await getCollection('posts');\n---\n<html lang=\"en\"><head><title>Blog</title></head><body><ul>{posts.map((p) => <li><a href={`/blog/${p.id}/`}>{p.data.title}</a></li>)}</ul></body></html>\n",
  );
  for (let i = 0; i < POSTS; i++) {
    await writeFile(
      path.join(dir, `src/content/posts/bench-post-${i}.md`),
      `---\ntitle: "Bench post ${i}"\ndate: "2026-01-01"\n---\n${postBody(i)}`,
    );
  }
}

const dataDir = path.join(PROJECT_ROOT, `.data/bench-build-${API_PORT}`);
await resetDataDir(dataDir);
/** @type {Map<string, number>} */
const requests = new Map();
let counting = false;
/** Downloads of uploaded originals from Storage, per run of the site's build (D21: the second should make none). */
const storageGets = [0, 0];
let siteRun = 0;
const stack = await startStack({
  dataDir,
  apiPort: API_PORT,
  dbPort: API_PORT + 1,
  quiet: true,
  onRequest: (method, url) => {
    const m = /^\/rest\/v1\/([a-z_]+)/.exec(url);
    if (counting && method === 'GET' && m) requests.set(m[1], (requests.get(m[1]) ?? 0) + 1);
    if (counting && method === 'GET' && url.startsWith('/storage/v1/object/public/')) storageGets[siteRun]++;
  },
});
try {
  const svc = (await import('@supabase/supabase-js')).createClient(
    stack.env.PUBLIC_SUPABASE_URL,
    stack.env.SUPABASE_SERVICE_ROLE_KEY,
    {
      auth: { persistSession: false },
    },
  );
  // One post in ten carries uploaded images (D21): a featured photo and one in its text, each its own upload.
  const images = await uploadImages(svc, IMAGE_POSTS);
  const rows = Array.from({ length: POSTS }, (_, i) => ({
    slug: `bench-post-${i}`,
    title: `Bench post ${i}`,
    ...(i % 10 === 0 && images[i / 10] ? { featured_image: images[i / 10].featured } : {}),
    content: postBody(i) + (i % 10 === 0 && images[i / 10] ? `\n![The stupa at dusk](${images[i / 10].inline})\n` : ''),
    category: ['spirituality', 'wellness', 'travel', 'culture', 'hotel'][i % 5],
    is_published: true,
    published_date: new Date(Date.UTC(2025, 0, 1) + i * 3_600_000).toISOString(),
  }));
  for (let i = 0; i < rows.length; i += 500) {
    const { error } = await svc.from('blog_posts').insert(rows.slice(i, i + 500));
    if (error) throw new Error(`inserting bench posts: ${error.message}`);
  }

  const siteEnv = {
    PUBLIC_SUPABASE_URL: stack.env.PUBLIC_SUPABASE_URL,
    PUBLIC_SUPABASE_ANON_KEY: stack.env.PUBLIC_SUPABASE_ANON_KEY,
    // As the publisher does: fetched images and their copies cached in the data dir; the first run fills it.
    ASTRO_CACHE_DIR: astroCacheDir(dataDir),
  };
  const plainDir = path.join(dataDir, 'plain');
  await makePlainProject(plainDir);
  /** @param {string} name */
  const outOf = (name) => path.join(dataDir, 'out', name);
  // Full builds: a second run would otherwise reuse every page of the first (incremental publishing, #17;
  // npm run bench:publish measures that). The image copies, and what Astro's content layer (plain) and our build
  // (the finished pages, the rendered posts) keep by digest, are reused.
  const site = (/** @type {string} */ name) => timedBuild(PROJECT_ROOT, siteEnv, outOf(name), ['--force']);
  // The publisher's full build (#28, D30): a layered release with no base, without Astro's incremental cache and
  // its second copy of every page.
  const layered = (/** @type {string} */ name) =>
    timedBuild(PROJECT_ROOT, { ...siteEnv, RELEASE_LAYERED: '1' }, outOf(name));
  const plain = (/** @type {string} */ name) => timedBuild(plainDir, {}, path.join(plainDir, name));

  // Warm-up, not timed in the ratios: the site's first build fetches and converts the uploads (D21), the plain
  // project's first syncs its content layer.
  counting = true;
  siteRun = 0;
  const firstSite = await site('site-first');
  siteRun = 1;
  await plain('dist-first');
  // Then ROUNDS rounds of the three builds in turn, so that the machine's speed, which drifts by a third within
  // minutes here, weighs on each build alike; each round gives a ratio, and the median ratio counts.
  /** @type {Array<{ site: number, layered: number, plain: number }>} */
  const rounds = [];
  for (let r = 0; r < ROUNDS; r++) {
    const t = { site: await site(`site-${r}`), layered: 0, plain: 0 };
    t.layered = await layered(`layered-${r}`);
    t.plain = await plain(`dist-${r}`);
    rounds.push(t);
  }
  counting = false;

  const sitePages = await countPages(outOf(`site-${ROUNDS - 1}`));
  const plainPages = await countPages(path.join(plainDir, `dist-${ROUNDS - 1}`));
  const { count: postCount } = await svc.from('blog_posts').select('id', { count: 'exact', head: true });
  console.log(
    `\nbench:build, ${POSTS} generated posts (+ the seed), ${IMAGE_POSTS} of them with two uploaded images each: ${ROUNDS} rounds of the three full builds in turn, after a first build of each (uploads fetched and converted, caches filled)`,
  );
  const s = (/** @type {number} */ ms) => (ms / 1000).toFixed(2);
  console.table(
    rounds.map((t, r) => ({
      round: r + 1,
      'site from the database (deploy path)': s(t.site),
      "publisher's full build (layered)": s(t.layered),
      'plain Astro from markdown': s(t.plain),
      'deploy / plain': (t.site / t.plain).toFixed(2),
      'layered / plain': (t.layered / t.plain).toFixed(2),
    })),
  );
  console.log(`pages: site ${sitePages}, plain ${plainPages}`);
  console.log(
    `site builds: first ${s(firstSite)} s with ${storageGets[0]} Storage downloads (fills the upload cache), the ${ROUNDS} after it with ${storageGets[1]} (goal 0)`,
  );
  const ratio = median(rounds.map((t) => t.site / t.plain));
  console.log(
    `ratio: ${ratio.toFixed(2)}× (goal ≤ 1.5×; the median of the rounds' deploy-path build against the plain build beside it) ${ratio <= 1.5 && storageGets[1] === 0 ? 'ok' : 'MISSED'}`,
  );
  const layeredRatio = median(rounds.map((t) => t.layered / t.plain));
  console.log(
    `ratio of the publisher's full build: ${layeredRatio.toFixed(2)}× (goal ≤ 1.5×; the median of the rounds) ${layeredRatio <= 1.5 ? 'ok' : 'MISSED'}`,
  );
  // The builds from the database: the site's first, and each round's deploy-path and layered builds.
  const siteBuilds = 1 + 2 * ROUNDS;
  const perBuild = [...requests].map(([table, n]) => ({ table, 'requests per build': n / siteBuilds }));
  console.table(perBuild);
  const postReads = (requests.get('blog_posts') ?? 0) / siteBuilds;
  const allowed = Math.ceil((postCount ?? POSTS) / 1000);
  console.log(
    `blog_posts: ${postCount} rows read in ${postReads} request(s) (goal ≤ ${allowed}) ${postReads <= allowed ? 'ok' : 'MISSED'}`,
  );
} finally {
  await stack.stop();
}
