// @ts-check
/**
 * `npm run audit [-- --runs N] [-- --no-lighthouse] [-- --only /path/]`: builds the site against a fresh local
 * stack of its own, serves the build, and prints one row per page with its budgets:
 *   - HTML gzip (≤ 14 KB), external JS gzip loaded by the page (0 without islands, ≤ 80 KB with islands),
 *     inline script gzip (≤ 2 KB without islands), images missing width/height/alt, supabase-js in a bundle;
 *   - Lighthouse mobile (median of N runs, default 3): Performance, Accessibility, Best Practices, SEO (100 each);
 *   - axe: WCAG 2.2 A/AA violations (0);
 *   - the 404 monitor's inline beacon (#29, D28): its gzip bytes on the 404 page (≤ 1 KB) and 0 on every other page.
 * Figures are printed, not asserted by tests; the exit code is 1 when a budget is missed.
 */
import { spawn } from 'node:child_process';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { parseArgs } from 'node:util';
import { PROJECT_ROOT } from '@boudha/local-supabase/config';
import { resetDataDir, startStack } from '@boudha/local-supabase/stack';
import { createSiteServer } from '@boudha/publisher/site-server';
import { pageScripts } from '../lib/page-scripts.mjs';
import { locateBrowser } from '../lib/browser.mjs';
import { astroCacheDir } from '../../src/lib/images/upload-cache.mjs';
import { benchEnvironment } from './env.mjs';
import { inlineScripts, notFoundBeacon, notFoundBeaconLine } from './inline-scripts.mjs';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    'no-lighthouse': { type: 'boolean', default: false },
    only: { type: 'string' },
  },
});
const RUNS = Math.max(1, Number(args.runs) || 3);
const { AUDIT_SITE_PORT: PORT, AUDIT_SUPABASE_PORT: API_PORT } = benchEnvironment();
/** CHROME_PATH, a system Chromium or Chrome, Playwright's download, or Debian's installed (scripts/lib/browser.mjs). */
const CHROME = (() => {
  try {
    return locateBrowser({ install: true }).path;
  } catch (err) {
    console.error(`audit: ${err instanceof Error ? err.message : err}`);
    process.exit(1);
  }
})();
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const BUDGET = {
  html: 14 * 1024,
  inlineNoIsland: 2 * 1024,
  islandJs: 80 * 1024,
  adminJs: 250 * 1024,
  // The dashboard loads each tab on demand (React.lazy): its first load stays small however many tabs exist.
  dashboardJs: 180 * 1024,
  // The staff editor's loader on the cafe and post pages (issue: a few inline bytes, at most 1 KB).
  staffLoader: 1024,
  // The 404 page's redirect fallback for hosts without rules (D6): the host rules' matcher, which the admin now
  // uses too (#29), so the bundler makes it a shared file rather than inlining the page's script. Only the 404
  // page loads it.
  notFoundFallbackJs: 2 * 1024,
};
const DASHBOARD = /^\/(admin|mandala-admin-portal)\/$/;
const ADMIN = /^\/(admin|mandala-admin-portal)\//;

const gz = (/** @type {string | Buffer} */ s) => gzipSync(s, { level: 9 }).length;
const kb = (/** @type {number} */ n) => `${(n / 1024).toFixed(1)}`;

/** @param {string} dir */
async function htmlPages(dir) {
  const files = (await readdir(dir, { recursive: true })).map(String).filter((f) => f.endsWith('.html'));
  return files
    .map((f) => ({ file: path.join(dir, f), route: '/' + f.replace(/index\.html$/, '').replace(/\.html$/, '/') }))
    .filter((p) => !args.only || p.route === args.only)
    .sort((a, b) => a.route.localeCompare(b.route));
}

/** @param {string} html */
function badImages(html) {
  return (
    [...html.matchAll(/<img\b[^>]*>/g)]
      .map((m) => m[0])
      // An empty alt (decorative image) may be written as a bare `alt` attribute.
      .filter((tag) => !/\swidth="\d+"/.test(tag) || !/\sheight="\d+"/.test(tag) || !/\salt(=|\s|>)/.test(tag))
  );
}

/** @param {number[]} xs */
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** @param {string} dist */
function build(dist, /** @type {Record<string, string>} */ env) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [path.join(PROJECT_ROOT, 'node_modules/astro/bin/astro.mjs'), 'build', '--silent'],
      {
        cwd: PROJECT_ROOT,
        env: { ...process.env, ...env, ASTRO_OUT_DIR: dist },
        stdio: 'inherit',
      },
    );
    child.on('exit', (code) => (code === 0 ? resolve(undefined) : reject(new Error(`build failed (exit ${code})`))));
  });
}

/**
 * Uploads a 4000×3000 photo of about 5 MB to the audit stack's Storage, as staff would without the admin's
 * browser-side downscaling (the worst case), and makes it PHOTO_POST's featured image.
 */
async function uploadPhoto() {
  const { createClient } = await import('@supabase/supabase-js');
  const sharp = (await import('sharp')).default;
  const db = createClient(stack.env.PUBLIC_SUPABASE_URL, stack.env.SUPABASE_SERVICE_ROLE_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  // A sunset gradient under grain at three scales (fine, 1/2.7 and 1/6.7 of the frame's resolution): like a phone
  // photo of a busy street, its detail survives downscaling, so the copies weigh what a real photo's would (plain
  // fine noise averages out to almost nothing at 1200 px and would flatter the figure).
  const overlay = `<svg width="4000" height="3000"><defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="#c2410c"/><stop offset="1" stop-color="#1e3a8a"/></linearGradient></defs><rect width="4000" height="3000" fill="url(#g)" opacity="0.45"/><circle cx="2000" cy="1500" r="900" fill="#fde68a" opacity="0.45"/></svg>`;
  const grain = async (/** @type {number} */ w, /** @type {number} */ h, /** @type {number} */ sigma) =>
    sharp(
      await sharp({
        create: {
          width: w,
          height: h,
          channels: 3,
          background: '#808080',
          noise: { type: 'gaussian', mean: 128, sigma },
        },
      })
        .png()
        .toBuffer(),
    )
      .resize(4000, 3000, { kernel: 'cubic' })
      .png()
      .toBuffer();
  const jpeg = await sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: { r: 128, g: 128, b: 128 },
      noise: { type: 'gaussian', mean: 128, sigma: 30 },
    },
  })
    .composite([
      { input: await grain(600, 450, 60), blend: 'overlay' },
      { input: await grain(1500, 1125, 40), blend: 'soft-light' },
      { input: Buffer.from(overlay), blend: 'over' },
    ])
    .jpeg({ quality: 90 })
    .toBuffer();
  const name = `${Date.now()}-phone-photo`;
  const objectPath = `featured/${name}.jpg`;
  const up = await db.storage.from('blog-images').upload(objectPath, jpeg, { contentType: 'image/jpeg' });
  if (up.error) throw up.error;
  const url = db.storage.from('blog-images').getPublicUrl(objectPath).data.publicUrl;
  const { error } = await db.from('blog_posts').update({ featured_image: url }).eq('slug', PHOTO_POST);
  if (error) throw error;
  return { bytes: jpeg.length, name };
}

/** The bytes a phone (412 px wide, DPR 2.625) downloads for the uploaded photo on its post page. */
async function phoneBytesForPhoto(
  /** @type {import('@playwright/test').Browser} */ browser,
  /** @type {string} */ url,
) {
  const phone = await browser.newContext({
    viewport: { width: 412, height: 915 },
    deviceScaleFactor: 2.625,
    isMobile: true,
  });
  const page = await phone.newPage();
  let bytes = 0;
  /** @type {string[]} */
  const files = [];
  page.on('response', async (res) => {
    // The copies the build made (/_uploads/), or the original itself if it ever reached the page.
    if (!res.url().includes('/_uploads/') && !res.url().includes(photo.name)) return;
    const body = await res.body().catch(() => Buffer.alloc(0));
    bytes += body.length;
    files.push(`${new URL(res.url()).pathname} (${kb(body.length)} KB)`);
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await phone.close();
  return { bytes, files };
}

const dataDir = path.join(PROJECT_ROOT, `.data/audit-${API_PORT}`);
await resetDataDir(dataDir);
const stack = await startStack({ dataDir, apiPort: API_PORT, dbPort: API_PORT + 1, quiet: true });
const dist = path.join(dataDir, 'dist');
/** @type {import('node:http').Server | undefined} */
let server;
let failed = false;
/** The post whose featured image becomes a freshly uploaded phone photo (issue #11's figure). */
const PHOTO_POST = 'walking-the-kora-at-dawn';
let photo = { bytes: 0, name: '' };
/** @type {number[]} */
const lighthousePhotoBytes = [];
try {
  photo = await uploadPhoto();
  const t0 = Date.now();
  await build(dist, {
    PUBLIC_SUPABASE_URL: stack.env.PUBLIC_SUPABASE_URL,
    PUBLIC_SUPABASE_ANON_KEY: stack.env.PUBLIC_SUPABASE_ANON_KEY,
    SITE_URL: `http://127.0.0.1:${PORT}`,
    // The audit stack's own cache of upload copies (D21): empty, as the data dir is new, so the photo is fetched.
    ASTRO_CACHE_DIR: astroCacheDir(dataDir),
  });
  console.log(`build: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  server = createSiteServer({ root: () => dist });
  await new Promise((r) => server?.listen(PORT, '127.0.0.1', () => r(undefined)));
  const base = `http://127.0.0.1:${PORT}`;

  const { chromium } = await import('@playwright/test');
  const { default: AxeBuilder } = await import('@axe-core/playwright');
  const browser = await chromium.launch({ executablePath: CHROME, args: CHROME_FLAGS.slice(1) });
  // Reduced motion: axe must not judge text halfway through a reveal transition.
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  /** @type {typeof import('lighthouse').default | undefined} */
  let lighthouse;
  /** @type {import('chrome-launcher').LaunchedChrome | undefined} */
  let chrome;
  if (!args['no-lighthouse']) {
    lighthouse = (await import('lighthouse')).default;
    chrome = await (await import('chrome-launcher')).launch({ chromePath: CHROME, chromeFlags: CHROME_FLAGS });
  }

  const rows = [];
  /** @type {string[]} */
  const adminLines = [];
  /** @type {string[]} */
  const staffLines = [];
  /** The 404 monitor's beacon on each page, gzip bytes (#29). @type {Array<{ page: string, bytes: number }>} */
  const beacons = [];
  let adminCodeOnPublicPage = false;
  for (const p of await htmlPages(dist)) {
    if (p.route === '/booking/') {
      // Leaves for the external booking engine on load; audited with scripts that redirect disabled below.
    }
    const html = await readFile(p.file, 'utf8');
    const scripts = await pageScripts(html, dist);
    // An island inside a <template> is inert (the staff editor, D3): it makes no page an island page.
    const island = /<astro-island/.test(html.replace(/<template\b[^>]*>[\s\S]*?<\/template>/g, ''));
    const jsGz = [...scripts.values()].reduce((n, code) => n + gz(code), 0);
    const inlineGz = inlineScripts(html) ? gz(inlineScripts(html)) : 0;
    const admin = ADMIN.test(p.route);
    const beacon = notFoundBeacon(html);
    beacons.push({ page: p.route, bytes: beacon ? gz(beacon) : 0 });
    const supabaseJs = [...scripts.values()].some((c) => /GoTrueClient|supabase-js|SupabaseClient/.test(c));
    // The admin's session key is in admin code only: no public page may load it.
    if (!admin && [...scripts.values()].some((c) => c.includes('hotel-admin-auth'))) adminCodeOnPublicPage = true;
    const imgs = badImages(html);
    const htmlGz = gz(html);

    const page = await context.newPage();
    if (p.route === '/booking/') await page.route(/\.example\//, (r) => r.abort());
    await page.goto(base + p.route, { waitUntil: 'load' }).catch(() => undefined);
    // Signed out, every admin path ends on the login form (the guard redirects): audit that screen once settled.
    if (admin) await page.getByRole('button', { name: 'Sign In' }).waitFor({ timeout: 15_000 });
    const axe =
      p.route === '/booking/'
        ? { violations: [] }
        : await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
    await page.close();

    /** @type {Record<string, number | string>} */
    const scores = { perf: '-', a11y: '-', bp: '-', seo: '-' };
    if (
      lighthouse &&
      chrome &&
      !admin &&
      p.route !== '/booking/' &&
      !p.route.startsWith('/404') &&
      !p.route.startsWith('/500')
    ) {
      /** @type {Record<string, number[]>} */
      const runs = { perf: [], a11y: [], bp: [], seo: [] };
      for (let i = 0; i < RUNS; i++) {
        const result = await lighthouse(base + p.route, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        });
        const c = result?.lhr.categories;
        if (p.route === `/blog/${PHOTO_POST}/`) {
          // What Lighthouse's phone (412 px, DPR 1.75, throttled) fetched of the photo's copies, per run.
          const items = /** @type {{ items?: Array<{ url: string, transferSize?: number }> } | undefined} */ (
            result?.lhr.audits['network-requests']?.details
          )?.items;
          lighthousePhotoBytes.push(
            (items ?? []).filter((r) => r.url.includes('/_uploads/')).reduce((n, r) => n + (r.transferSize ?? 0), 0),
          );
        }
        runs.perf.push(Math.round((c?.performance.score ?? 0) * 100));
        runs.a11y.push(Math.round((c?.accessibility.score ?? 0) * 100));
        runs.bp.push(Math.round((c?.['best-practices'].score ?? 0) * 100));
        runs.seo.push(Math.round((c?.seo.score ?? 0) * 100));
      }
      for (const k of Object.keys(runs)) scores[k] = median(runs[k]);
    }

    const problems = [];
    if (htmlGz > BUDGET.html) problems.push('html');
    // The admin's pages run its bundle (D31), under the admin budgets below. The 404 page's D6 fallback is a file
    // where the bundler shares its matcher with another script and inline where not (since D31 nothing else in
    // Astro's client build uses it): the same bytes either way, so there its file and inline scripts share both budgets.
    if (p.route === '/404/') {
      if (jsGz + inlineGz > BUDGET.notFoundFallbackJs + BUDGET.inlineNoIsland) problems.push('404 js');
    } else {
      if (!island && !admin && jsGz > 0) problems.push('external js');
      if (!island && !admin && inlineGz > BUDGET.inlineNoIsland) problems.push('inline js');
    }
    if (admin) {
      const dashboard = DASHBOARD.test(p.route);
      const budget = dashboard ? BUDGET.dashboardJs : BUDGET.adminJs;
      if (jsGz > budget) problems.push('admin js');
      adminLines.push(`admin: ${p.route} initial JS ${kb(jsGz)} KB gzip (budget ≤ ${budget / 1024} KB)`);
      if (p.route === '/admin/') adminLines.push(...(await lazyChunkLines(html, scripts)));
    } else {
      if (island && jsGz > BUDGET.islandJs) problems.push('island js');
      if (supabaseJs) problems.push('supabase-js');
    }
    if (imgs.length) problems.push(`${imgs.length} img`);
    // In-place editing (D3, D4): what a guest pays (the loader's inline bytes) and what staff load on first edit.
    if (html.includes('<template id="staff-editor">')) {
      const loader = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].find((m) => m[1].includes('staff-editor'));
      const loaderBytes = Buffer.byteLength(loader?.[1] ?? '');
      const editor = await pageScripts(html, dist, { inert: true });
      const editorGz = [...editor.values()].reduce((n, code) => n + gz(code), 0);
      if (loaderBytes > BUDGET.staffLoader) problems.push('staff loader');
      if (p.route === '/boudha-cafe-de-mandala/' || !staffLines.some((l) => l.includes('/blog/')))
        staffLines.push(
          `staff editor: ${p.route} guest pays ${loaderBytes} B of inline loader (${gz(loader?.[1] ?? '')} B gzip; budget ≤ ${BUDGET.staffLoader} B) and no file; with a staff session the editor loads ${kb(editorGz)} KB gzip (${editor.size} files), after the role check shows controls`,
        );
    }
    if (axe.violations.length) problems.push(`axe: ${axe.violations.map((v) => v.id).join(',')}`);
    // A page marked noindex on purpose (the spec's thank-you page) loses Lighthouse's "is crawlable" point.
    const noindex = /<meta name="robots" content="noindex/.test(html);
    if (noindex && typeof scores.seo === 'number') scores.seo = `${scores.seo} (noindex)`;
    for (const k of ['perf', 'a11y', 'bp', 'seo'])
      if (typeof scores[k] === 'number' && scores[k] < 100) problems.push(k);
    if (problems.length) failed = true;
    rows.push({
      page: p.route,
      'html KB': kb(htmlGz),
      'js KB': kb(jsGz),
      'inline KB': kb(inlineGz),
      island: island ? 'yes' : '',
      ...scores,
      axe: axe.violations.length,
      budget: problems.length ? `MISSED ${problems.join('; ')}` : 'ok',
    });
    process.stdout.write('.');
  }
  process.stdout.write('\n');
  const phone = await phoneBytesForPhoto(browser, `${base}/blog/${PHOTO_POST}/`);
  const photoRow = rows.find((r) => r.page === `/blog/${PHOTO_POST}/`);
  console.log(
    `uploaded photo: 4000×3000, ${(photo.bytes / 1024 / 1024).toFixed(1)} MB as uploaded; a phone downloads ${kb(phone.bytes)} KB for it on /blog/${PHOTO_POST}/ (goal ≤ 150 KB): ${phone.files.join(', ') || 'nothing'}; that page's Lighthouse: ${photoRow ? ['perf', 'a11y', 'bp', 'seo'].map((k) => `${k} ${/** @type {Record<string, unknown>} */ (photoRow)[k]}`).join(', ') : '-'}`,
  );
  if (lighthousePhotoBytes.length)
    console.log(
      `uploaded photo under Lighthouse's phone emulation (DPR 1.75): ${kb(median(lighthousePhotoBytes))} KB transferred (median of ${lighthousePhotoBytes.length})`,
    );
  if (phone.bytes > 150 * 1024 || phone.files.some((f) => f.includes('/storage/'))) failed = true;
  await browser.close();
  await chrome?.kill();
  console.log(
    `Lighthouse: mobile, median of ${RUNS} run(s), public pages only; sizes are gzip; budgets: html ≤ 14 KB, js 0 without islands (the 404 page's D6 fallback ≤ 2 KB, file and inline together ≤ 4 KB) and ≤ 80 KB with (admin ≤ 250 KB), inline ≤ 2 KB without islands, 100 on every category, 0 axe violations.`,
  );
  console.table(rows);
  for (const line of adminLines) console.log(line);
  for (const line of staffLines) console.log(line);
  console.log(`admin code on a public page: ${adminCodeOnPublicPage ? 'YES (MISSED)' : 'none'}`);
  // With --only, the line speaks of the one page audited.
  const beaconFigure = notFoundBeaconLine(beacons);
  console.log(beaconFigure.line);
  if (beaconFigure.missed) failed = true;
  if (adminCodeOnPublicPage) failed = true;
} catch (err) {
  failed = true;
  console.error(`audit: ${err instanceof Error ? err.message : err}`);
} finally {
  server?.closeAllConnections();
  server?.close();
  await stack.stop();
}
process.exit(failed ? 1 : 0);

/**
 * The dashboard's lazily loaded tabs: each `*Tab` chunk with the code only it brings (its static imports that
 * the first load does not already have), gzip.
 * @param {string} html
 * @param {Map<string, string>} initial the page's first-load scripts
 */
async function lazyChunkLines(html, initial) {
  const all = await pageScripts(html, dist, { dynamic: true });
  const lines = [];
  let total = 0;
  for (const [url, code] of all) {
    if (initial.has(url)) continue;
    total += gz(code);
    const name = /\/([A-Za-z]+Tab)\.[^/]+\.js$/.exec(url)?.[1];
    if (!name) continue;
    const own = await pageScripts(`<script type="module" src="${url}"></script>`, dist);
    const size = [...own].filter(([u]) => !initial.has(u)).reduce((n, [, c]) => n + gz(c), 0);
    lines.push(`admin: tab ${name} ${kb(size)} KB gzip on first open`);
  }
  lines.push(`admin: every lazily loaded chunk together ${kb(total)} KB gzip`);
  return lines;
}
