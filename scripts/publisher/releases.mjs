// @ts-check
/**
 * The releases on disk and which one is live (#28). Each build writes into its own folder under DATA_DIR/builds only
 * what it rendered (a layered build leaves out the pages the live release already has, unchanged) plus the
 * site-wide files; a release is then a manifest, `<folder>.release.json`: every file of the site → the build
 * folder that holds it, derived from the live release's manifest (changed paths replaced, removed ones gone).
 * Going live is one atomic step: DATA_DIR/live, a symlink to the manifest, is replaced by renaming a new link over
 * it. The live release and the previous ones (`keep` in all) stay on disk, so a rollback is one switch back; a file
 * no kept release names is deleted, and a folder none names is removed.
 *
 * A live link to a plain folder (a publisher from before #28 left it) is served as a release of its own files; the
 * next build is then a full one.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, readlinkSync, statSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PROJECT_ROOT } from '@boudha/local-supabase/config';
import { REQUIRED_FILES } from './build-runner.mjs';
import { folderView, manifestView } from './release-view.mjs';

/** @typedef {import('./release-view.mjs').ReleaseView} ReleaseView */

/**
 * Deletes files and folders in a process of its own (`xargs -0 rm -rf`), resolving when it is done. Thousands of
 * deletes from this process would take every thread of libuv's pool, the one the site server reads pages with: a
 * guest's request waited 1.7 s behind the collection of a 10,000-page build (npm run bench:publish, #28). Where
 * there is no xargs (Windows), or it fails, what is left is deleted here, a few at a time.
 * @param {string[]} paths absolute
 */
export function deleteApart(paths) {
  if (!paths.length) return Promise.resolve();
  const here = async () => {
    for (let i = 0; i < paths.length; i += 4)
      await Promise.all(paths.slice(i, i + 4).map((p) => rm(p, { recursive: true, force: true }).catch(() => {})));
  };
  return new Promise((resolve) => {
    let settled = false;
    const fallBack = (/** @type {boolean} */ ok) => {
      if (settled) return;
      settled = true;
      if (ok) resolve(undefined);
      else here().then(() => resolve(undefined));
    };
    const child = spawn('xargs', ['-0', 'rm', '-rf', '--'], { stdio: ['pipe', 'ignore', 'ignore'] });
    child.on('error', () => fallBack(false));
    child.on('close', (code) => fallBack(code === 0));
    child.stdin.on('error', () => {});
    child.stdin.end(paths.join('\0'));
  });
}

/**
 * @typedef {object} Manifest
 * @property {1} version
 * @property {string} name The build folder this release was made by.
 * @property {string} code The code it was built with (codeDigest): a build on other code renders every page.
 * @property {Record<string, string>} pages Every generated page's cache key, by path (src/lib/content/cache-keys.ts).
 * @property {Record<string, string>} files Every file of the site → the build folder holding it.
 * @property {Record<string, string[]>} refs A page's `_uploads/` and `_astro/` files, by page file: what a reused
 *   page keeps in the release.
 */

/**
 * What a layered build reports besides its counts (src/integrations/incremental-cache.ts, finishLayeredBuild): what
 * differs from the base it was given (src/lib/content/release-plan.ts). `keys`: the pages it rendered, by path;
 * `removed`: the base's pages it no longer has, or null when it had no base (then `keys` are every page); `refs`:
 * the files each rendered page refers to. Every other page of the base is reused, with the base's key.
 * @typedef {{ keys: Record<string, string>, removed: string[] | null, refs: Record<string, string[]> }} BuildRelease
 */

const MANIFEST_SUFFIX = '.release.json';
/** Where the manifest of a build folder is: beside it, named after it. */
export const manifestFileOf = (/** @type {string} */ dir) => `${dir}${MANIFEST_SUFFIX}`;

/** The file a generated page's path is written to (Astro's directory format). @param {string} pagePath */
export function pageFile(pagePath) {
  let p = pagePath;
  // Called for every reused page of every publish: decoded only when there is something to decode.
  if (p.includes('%'))
    try {
      p = decodeURI(pagePath);
    } catch {
      /* kept as written */
    }
  return `${p.replace(/^\/+/, '')}index.html`;
}

/**
 * The code a build runs (#28): the source tree, the public files, the config and the lockfile, by name, size and
 * time, with the values that reach every page from the environment. A release built on other code is no base for
 * a layered build: a change to a component, a dependency or the config renders every page.
 * @param {Record<string, string | undefined>} [env]
 */
export function codeDigest(env = {}) {
  const hash = createHash('sha256');
  for (const top of ['src', 'public']) {
    const dir = path.join(PROJECT_ROOT, top);
    if (!existsSync(dir)) continue;
    const entries = readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile())
      .map((d) => path.join(d.parentPath, d.name))
      .sort();
    for (const file of entries) {
      const s = statSync(file);
      hash.update(`${path.relative(PROJECT_ROOT, file)}\0${s.size}\0${s.mtimeMs}\n`);
    }
  }
  for (const file of ['astro.config.mjs', 'package.json', 'package-lock.json', 'tsconfig.json'])
    hash.update(existsSync(path.join(PROJECT_ROOT, file)) ? readFileSync(path.join(PROJECT_ROOT, file)) : '');
  for (const name of ['SITE_URL', 'PUBLIC_SUPABASE_URL', 'PUBLIC_SUPABASE_ANON_KEY', 'REDIRECTS_FORMAT'])
    hash.update(`${name}=${env[name] ?? ''}\n`);
  return hash.digest('hex').slice(0, 24);
}

/**
 * The manifest of a new release: the files of its own folder, and, for each page of the base the build left out
 * because the base has it unchanged (every page of the base it neither rendered nor removed), the base's key, file
 * and the files it refers to. Throws when the base lacks a file it should hold (the caller then builds every page).
 * @param {{ name: string, ownFiles: string[], code: string, build?: BuildRelease | null, base?: Manifest | null }} opts
 * @returns {Manifest}
 */
export function composeManifest({ name, ownFiles, code, build, base }) {
  /** @type {Record<string, string>} */
  const files = {};
  for (const f of ownFiles) files[f] = name;
  /** @type {Record<string, string[]>} */
  const refs = { ...build?.refs };
  /** @type {Record<string, string>} */
  const pages = {};
  if (base && build?.removed) {
    const removed = new Set(build.removed);
    for (const pagePath in base.pages) {
      if (removed.has(pagePath) || Object.hasOwn(build.keys, pagePath)) continue;
      pages[pagePath] = base.pages[pagePath];
      const file = pageFile(pagePath);
      if (files[file]) continue;
      const from = base.files[file];
      if (!from) throw new Error(`the live release has no ${file} for ${pagePath}`);
      files[file] = from;
      const pageRefs = base.refs[file] ?? [];
      if (pageRefs.length) refs[file] = pageRefs;
      for (const r of pageRefs)
        if (!files[r]) {
          if (!base.files[r]) throw new Error(`the live release has no ${r} for ${pagePath}`);
          files[r] = base.files[r];
        }
    }
  }
  Object.assign(pages, build?.keys);
  return { version: 1, name, code, pages, files, refs };
}

/**
 * @param {{ dataDir: string, keep?: number }} opts `keep`: releases kept on disk, the live one included (default 3).
 */
export function createReleases({ dataDir, keep = 3 }) {
  const buildsDir = path.join(dataDir, 'builds');
  const liveLink = path.join(dataDir, 'live');
  /** @type {{ name: string, dir: string, manifest: Manifest | null, view: ReleaseView } | null} */
  let live = null;
  /** Parsed manifests by name (they never change once written). @type {Map<string, Manifest>} */
  const manifests = new Map();

  /** @param {string} name @returns {Promise<Manifest | null>} */
  async function loadManifest(name) {
    const known = manifests.get(name);
    if (known) return known;
    try {
      const m = JSON.parse(await readFile(manifestFileOf(path.join(buildsDir, name)), 'utf8'));
      if (m?.version !== 1 || typeof m.files !== 'object') return null;
      manifests.set(name, m);
      return m;
    } catch {
      return null;
    }
  }

  /** @param {Manifest} manifest */
  const toRelease = (manifest) => ({
    name: manifest.name,
    dir: path.join(buildsDir, manifest.name),
    manifest,
    view: manifestView(buildsDir, manifest),
  });

  /**
   * Points DATA_DIR/live at `target` (relative to the data dir) by renaming a fresh symlink over it: rename is
   * atomic, so a reader sees either the old release or the new one, never neither.
   * @param {string} target
   */
  async function link(target) {
    const tmp = `${liveLink}.${process.pid}.tmp`;
    await rm(tmp, { force: true });
    await symlink(target, tmp);
    await rename(tmp, liveLink);
  }

  return {
    /** The live release's own build folder, or null before the first successful build. */
    liveDir: () => live?.dir ?? null,
    /** The live release as the site server reads it, or null before the first successful build. */
    liveView: () => live?.view ?? null,
    /** The live release's manifest (null for a plain folder, or before the first build). */
    liveManifest: () => live?.manifest ?? null,
    /** Where the live release's manifest is, for a layered build to start from (null: render every page). */
    liveManifestFile: () => (live?.manifest ? manifestFileOf(live.dir) : null),

    /** A new, empty place for a build that starts now (its folder is made by the build). */
    async prepare(/** @type {Date} */ startedAt, /** @type {number | string} */ id) {
      await mkdir(buildsDir, { recursive: true });
      return path.join(buildsDir, `${startedAt.toISOString().replace(/[:.]/g, '-')}-${id}`);
    },

    /**
     * Writes the manifest of a finished build: its own files, plus what it reuses of `base` (the live release's
     * manifest it was built from).
     * @param {string} dir the build's folder
     * @param {{ code: string, build?: BuildRelease | null, base?: Manifest | null }} opts
     */
    async compose(dir, { code, build, base }) {
      const ownFiles = (await readdir(dir, { recursive: true, withFileTypes: true }))
        .filter((d) => d.isFile())
        .map((d) => path.relative(dir, path.join(d.parentPath, d.name)).split(path.sep).join('/'));
      const manifest = composeManifest({ name: path.basename(dir), ownFiles, code, build, base });
      await writeFile(manifestFileOf(dir), JSON.stringify(manifest));
      manifests.set(manifest.name, manifest);
      return manifest;
    },

    /** Makes a composed release live (one atomic rename). @param {Manifest} manifest */
    async switchLive(manifest) {
      await link(path.relative(dataDir, manifestFileOf(path.join(buildsDir, manifest.name))));
      live = toRelease(manifest);
    },

    /**
     * Makes the release before the live one live again; resolves with its name, or null when there is none.
     * The next build starts from it.
     */
    async rollback() {
      if (!live) return null;
      const current = live.name;
      const names = (await readdir(buildsDir).catch(() => []))
        .filter((n) => n.endsWith(MANIFEST_SUFFIX))
        .map((n) => n.slice(0, -MANIFEST_SUFFIX.length))
        .filter((n) => n < current)
        .sort()
        .reverse();
      for (const name of names) {
        const manifest = await loadManifest(name);
        if (manifest && REQUIRED_FILES.every((f) => manifestView(buildsDir, manifest).locate(f))) {
          await this.switchLive(manifest);
          return name;
        }
      }
      return null;
    },

    /** Throws a build away (it failed, or never went live). @param {string} dir */
    discard: async (dir) => {
      manifests.delete(path.basename(dir));
      await rm(manifestFileOf(dir), { force: true }).catch(() => {});
      await rm(dir, { recursive: true, force: true }).catch(() => {});
    },

    /**
     * Keeps the live release, the `keep - 1` before it, and any `pinned` one (an SEO report still reads it);
     * deletes every other manifest (and any newer than the live one: a build that never went live), every file no
     * kept manifest names, and every folder none does. A file is only ever named by releases made after its
     * folder's, which take it from the one before: so the files to delete are exactly those the dropped manifests
     * named and the kept ones do not.
     */
    async prune(/** @type {Iterable<string>} */ pinned = []) {
      if (!live) return;
      const entries = await readdir(buildsDir, { withFileTypes: true }).catch(() => []);
      const names = entries
        .filter((d) => d.isFile() && d.name.endsWith(MANIFEST_SUFFIX))
        .map((d) => d.name.slice(0, -MANIFEST_SUFFIX.length))
        .sort()
        .reverse();
      const liveName = live.name;
      const kept = names.filter((n) => n <= liveName).slice(0, keep);
      if (!kept.includes(liveName)) kept.unshift(liveName);
      // A release being read (the SEO report of a build that has since been superseded) stays until it is read.
      for (const n of pinned) if (names.includes(n) && !kept.includes(n)) kept.push(n);
      /** Files each folder holds for the manifests in `list`. @param {string[]} list */
      const named = async (list) => {
        /** @type {Map<string, Set<string>>} */
        const byFolder = new Map();
        for (const n of list) {
          const m = n === liveName && live?.manifest ? live.manifest : await loadManifest(n);
          for (const [file, folder] of Object.entries(m?.files ?? {})) {
            let set = byFolder.get(folder);
            if (!set) byFolder.set(folder, (set = new Set()));
            set.add(file);
          }
        }
        return byFolder;
      };
      const after = await named(kept);
      const before = await named(names);
      for (const n of names)
        if (!kept.includes(n)) {
          manifests.delete(n);
          await rm(path.join(buildsDir, `${n}${MANIFEST_SUFFIX}`), { force: true }).catch(() => {});
        }
      /** What goes: whole folders and single files, deleted in one other process (deleteApart). */
      const doomed = [];
      for (const d of entries) {
        const dir = path.join(buildsDir, d.name);
        if (d.isFile()) {
          // A report no build will read (its build was killed).
          if (d.name.endsWith('.report.json') && !d.name.startsWith(liveName)) doomed.push(dir);
          continue;
        }
        if (!d.isDirectory() || dir === live.dir) continue;
        const keepFiles = after.get(d.name);
        if (!keepFiles) {
          doomed.push(dir);
          continue;
        }
        for (const f of before.get(d.name) ?? []) if (!keepFiles.has(f)) doomed.push(path.join(dir, f));
      }
      await deleteApart(doomed);
    },

    /** Finds the live release an earlier run left, if its link points at a complete one. */
    async readLive() {
      try {
        const target = path.resolve(dataDir, readlinkSync(liveLink));
        if (target.endsWith(MANIFEST_SUFFIX)) {
          const manifest = await loadManifest(path.basename(target).slice(0, -MANIFEST_SUFFIX.length));
          if (manifest && REQUIRED_FILES.every((f) => manifestView(buildsDir, manifest).locate(f)))
            live = toRelease(manifest);
        } else if (statSync(target).isDirectory() && REQUIRED_FILES.every((f) => existsSync(path.join(target, f)))) {
          live = { name: path.basename(target), dir: target, manifest: null, view: folderView(target) };
        }
      } catch {
        /* no live release yet */
      }
      return live?.dir ?? null;
    },

    /** Build folders on disk, newest first. */
    list: () =>
      existsSync(buildsDir)
        ? readdirSync(buildsDir, { withFileTypes: true })
            .filter((d) => d.isDirectory())
            .map((d) => d.name)
            .sort()
            .reverse()
            .map((n) => path.join(buildsDir, n))
        : [],
  };
}
