/**
 * The admin's browser code, bundled apart from Astro's client build and kept by its code's digest (#28, D31).
 *
 * The dashboard, the login screen and the in-place editor are three quarters of the site's browser modules (765 of
 * them went through Astro's client build, 1.0–1.2 s of every build on these machines, for every publish), and they
 * depend on the code alone, never on the content. So they are one Vite build of their own, with the settings of
 * Astro's client build (React's JSX, `esnext`, minified, `_astro/[name].[hash].js`), run only when the code
 * changes: its output is kept in the cache dir by the digest of `src/`, the lockfile, the tsconfig and the public
 * values the browser code reads (`astro:env/client`), and every build links it into its folder. Astro's client
 * build is left with the public islands. Vite's own build is used, not a hand-written bundler; what is ours is the
 * keeping: Vite has no cache between runs of a build.
 *
 * The pages name the entries through adminScript() (src/components/AdminScript.astro): the built file and its
 * static imports (as modulepreload) in a build, the source module under `astro dev`, whose Vite server then serves
 * it with React's fast refresh (each entry imports `@vitejs/plugin-react/preamble`, nothing in a build).
 */
import { randomUUID } from 'node:crypto';
import { copyFile, link, mkdir, readFile, readdir, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import react from '@vitejs/plugin-react';
// Imported here, not when a build starts: Astro loads this module through Vite's module runner, closed by then.
import { build, loadEnv, type Plugin } from 'vite';
import { contentDigest } from './content-digest';
import postcssStubInBrowsers from './postcss-browser-stub';

/** The entries, by the name pages use, and their source modules. */
export const ADMIN_ENTRIES = {
  admin: 'src/admin/entries/admin.tsx',
  login: 'src/admin/entries/login.tsx',
  'staff-editor': 'src/islands/staff-editor/StaffEditor.tsx',
} as const;
export type AdminEntry = keyof typeof ADMIN_ENTRIES;

/** What a bundle is: each entry's file and its static imports (site paths), and every file it wrote. */
export interface AdminBundle {
  format: typeof FORMAT;
  entries: Record<AdminEntry, { src: string; imports: string[] }>;
  files: string[];
}

/** Changes when what this module writes changes: a kept bundle of another format is built again. */
const FORMAT = 1;
/** Bundles kept besides the current one (the last code's, for a rollback or a branch switch). */
const KEEP = 2;
const BUNDLE_FILE = 'bundle.json';
const ASSETS = '_astro';

/** Where builds and pages meet in one process (the pages are rendered by the process that ran the hook). */
const current = Symbol.for('hotel.admin-bundle');
type Current = { dev: true } | { dev: false; bundle: AdminBundle };
const state = globalThis as { [current]?: Current };

/**
 * The tags a page needs to run an entry: the script's address and the files to preload. Outside a build or the
 * dev server (a page rendered by a test's container) it names the source module, as the dev server does.
 */
export function adminScript(name: AdminEntry): { src: string; preload: string[] } {
  const now = state[current];
  if (!now || now.dev) return { src: `/${ADMIN_ENTRIES[name]}`, preload: [] };
  const entry = now.bundle.entries[name];
  return { src: entry.src, preload: entry.imports };
}

/**
 * The digest a bundle is kept by: every file under `src/` by content except the site's images in `src/assets` (5 of
 * its 6 MB, which no entry imports: buildBundle fails if one does), the lockfile and the tsconfig, this format, and
 * the values `astro:env/client` gives the browser code. About 15 ms.
 */
export function bundleIdentity(root: string, env: Record<string, string | undefined>): string {
  return contentDigest(root, {
    dirs: ['src'],
    files: ['package-lock.json', 'tsconfig.json'],
    skip: isUnhashed,
    extra: [`format=${FORMAT}`, ...PUBLIC_VALUES.map((name) => `${name}=${env[name] ?? ''}`)],
  });
}

/** The folder bundleIdentity leaves out. */
const UNHASHED = 'src/assets/';
/** Whether a path relative to the root, '/'-separated, is in the folder bundleIdentity leaves out. */
const isUnhashed = (relative: string) => relative.startsWith(UNHASHED);

const PUBLIC_VALUES = ['PUBLIC_SUPABASE_URL', 'PUBLIC_SUPABASE_ANON_KEY'] as const;

/** `astro:env/client` for the bundle: the public values Astro's schema declares (astro.config.mjs), as strings. */
function publicValues(env: Record<string, string | undefined>): Plugin {
  const id = '\0hotel:astro-env-client';
  return {
    name: 'hotel:astro-env-client',
    enforce: 'pre',
    resolveId: (source: string) => (source === 'astro:env/client' ? id : undefined),
    load: (loaded: string) =>
      loaded === id
        ? PUBLIC_VALUES.map((n) => `export const ${n} = ${JSON.stringify(env[n] ?? '')};`).join('\n')
        : undefined,
  };
}

/** Runs Vite's build of the entries into `outDir`; returns what it wrote. */
async function buildBundle(root: string, outDir: string, env: Record<string, string | undefined>) {
  const output = await build({
    configFile: false,
    root,
    mode: 'production',
    logLevel: 'warn',
    publicDir: false,
    envDir: false,
    plugins: [react(), publicValues(env), postcssStubInBrowsers()],
    build: {
      outDir,
      emptyOutDir: true,
      copyPublicDir: false,
      // As Astro's client build (astro/dist/core/build/vite-build-config.js).
      target: 'esnext',
      minify: true,
      modulePreload: { polyfill: false },
      reportCompressedSize: false,
      rolldownOptions: {
        input: Object.fromEntries(Object.entries(ADMIN_ENTRIES).map(([n, src]) => [n, path.join(root, src)])),
        preserveEntrySignatures: 'exports-only',
        output: {
          format: 'esm',
          hoistTransitiveImports: false,
          minifyInternalExports: true,
          entryFileNames: `${ASSETS}/[name].[hash].js`,
          chunkFileNames: `${ASSETS}/[name].[hash].js`,
          assetFileNames: `${ASSETS}/[name].[hash][extname]`,
        },
      },
    },
  });
  const results = Array.isArray(output) ? output : [output];
  const items = results.flatMap((r) => ('output' in r ? r.output : []));
  const chunks = new Map(items.flatMap((i) => (i.type === 'chunk' ? [[i.fileName, i] as const] : [])));
  /** A chunk's static imports, all the way down, in the order a browser meets them. */
  const closure = (file: string, seen = new Set<string>()) => {
    for (const dep of chunks.get(file)?.imports ?? [])
      if (!seen.has(dep)) {
        seen.add(dep);
        closure(dep, seen);
      }
    return seen;
  };
  // The identity does not read src/assets: a bundle that used a file from there could be kept past its change.
  const unhashed = [...chunks.values()]
    .flatMap((c) => c.moduleIds)
    .find((id) => isUnhashed(path.relative(root, id).split(path.sep).join('/')));
  if (unhashed)
    throw new Error(
      `the admin bundle imports ${path.relative(root, unhashed)}, which its identity does not read: import it from outside ${UNHASHED} or hash ${UNHASHED} (src/integrations/admin-bundle.ts)`,
    );
  const entries = {} as AdminBundle['entries'];
  for (const name of Object.keys(ADMIN_ENTRIES) as AdminEntry[]) {
    const chunk = [...chunks.values()].find((c) => c.isEntry && c.name === name);
    if (!chunk) throw new Error(`the admin bundle has no entry ${name}`);
    entries[name] = { src: `/${chunk.fileName}`, imports: [...closure(chunk.fileName)].map((f) => `/${f}`) };
  }
  const bundle: AdminBundle = { format: FORMAT, entries, files: items.map((i) => i.fileName).sort() };
  return bundle;
}

/** A kept bundle, when it is whole: its record readable and of this format, and every file it names there. */
async function keptBundle(dir: string): Promise<AdminBundle | null> {
  try {
    const bundle = JSON.parse(await readFile(path.join(dir, BUNDLE_FILE), 'utf8')) as AdminBundle;
    if (bundle?.format !== FORMAT || !Array.isArray(bundle.files)) return null;
    await Promise.all(bundle.files.map((f) => stat(path.join(dir, f))));
    return bundle;
  } catch {
    return null;
  }
}

/**
 * The bundle for the code in `root`: the kept one, else built now into a folder of its own and renamed into place
 * (two builds at once each build, and the second rename finds the first's). Older bundles beyond KEEP are removed.
 */
export async function ensureAdminBundle(
  cacheDir: string,
  root: string,
  env: Record<string, string | undefined>,
): Promise<{ dir: string; bundle: AdminBundle; built: boolean }> {
  const home = path.join(cacheDir, 'admin-bundle');
  const dir = path.join(home, bundleIdentity(root, env));
  let bundle = await keptBundle(dir);
  const built = !bundle;
  if (!bundle) {
    const scratch = path.join(home, `.building-${process.pid}-${randomUUID()}`);
    try {
      const made = await buildBundle(root, scratch, env);
      await writeFile(path.join(scratch, BUNDLE_FILE), JSON.stringify(made));
      // Another build of the same code may have put its bundle there meanwhile: the same files, kept.
      bundle = await keptBundle(dir);
      if (!bundle) {
        await rm(dir, { recursive: true, force: true });
        await rename(scratch, dir).catch(async (err) => {
          if (!(await keptBundle(dir))) throw err;
        });
        bundle = made;
      }
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  }
  // Marked as used now, so that collecting keeps the bundles used last.
  const now = new Date();
  await utimes(dir, now, now).catch(() => {});
  await collect(home, dir);
  return { dir, bundle, built };
}

/** Removes the bundles beyond the current one and the KEEP used last, and scratch folders an hour old. */
async function collect(home: string, keep: string) {
  const entries = await readdir(home, { withFileTypes: true }).catch(() => []);
  const dirs = await Promise.all(
    entries
      .filter((e) => e.isDirectory() && path.join(home, e.name) !== keep)
      .map(async (e) => ({
        name: e.name,
        mtime: (await stat(path.join(home, e.name)).catch(() => null))?.mtimeMs ?? 0,
      })),
  );
  const hourAgo = Date.now() - 3_600_000;
  const bundles = dirs.filter((d) => !d.name.startsWith('.')).sort((a, b) => b.mtime - a.mtime);
  const stale = [...bundles.slice(KEEP), ...dirs.filter((d) => d.name.startsWith('.building-') && d.mtime < hourAgo)];
  await Promise.all(stale.map((d) => rm(path.join(home, d.name), { recursive: true, force: true })));
}

/** Puts the bundle's files into a build folder: a hard link each (one disk), a copy where linking fails. */
export async function shipAdminBundle(dir: string, bundle: AdminBundle, outDir: string): Promise<void> {
  const folders = new Set(bundle.files.map((f) => path.dirname(path.join(outDir, f))));
  await Promise.all([...folders].map((f) => mkdir(f, { recursive: true })));
  await Promise.all(
    bundle.files.map(async (f) => {
      const from = path.join(dir, f);
      const to = path.join(outDir, f);
      try {
        await link(from, to);
      } catch (err) {
        // Already there: the same name is the same content (the hash is in the name).
        if ((err as NodeJS.ErrnoException).code === 'EEXIST') return;
        await copyFile(from, to);
      }
    }),
  );
}

export default function adminBundle(): AstroIntegration {
  let cacheDir = '';
  let root = '';
  let kept: { dir: string; bundle: AdminBundle } | null = null;
  return {
    name: 'hotel:admin-bundle',
    hooks: {
      'astro:config:setup': ({ command }) => {
        if (command === 'dev') state[current] = { dev: true };
      },
      'astro:config:done': ({ config }) => {
        cacheDir = fileURLToPath(config.cacheDir);
        root = fileURLToPath(config.root);
      },
      'astro:build:start': async ({ logger }) => {
        const started = performance.now();
        // The public values as Astro's astro:env reads them: the environment, else the project's .env files.
        const result = await ensureAdminBundle(cacheDir, root, loadEnv('production', root, 'PUBLIC_'));
        kept = result;
        state[current] = { dev: false, bundle: result.bundle };
        const took = ((performance.now() - started) / 1000).toFixed(2);
        logger.info(
          result.built
            ? `admin bundle built in ${took} s (${result.bundle.files.length} files), kept for the next builds`
            : `admin bundle unchanged, kept from an earlier build (${took} s)`,
        );
      },
      'astro:build:done': async ({ dir }) => {
        if (kept) await shipAdminBundle(kept.dir, kept.bundle, fileURLToPath(dir));
        kept = null;
      },
    },
  };
}
