// @ts-check
/**
 * A release as the site server and the SEO report read it (#28): which file on disk answers each path of the site.
 * A layered release is a manifest (releases.mjs) whose files live in the folders of the builds that wrote them; a
 * plain build folder (a test's, or a live build left by a publisher from before #28) is a release of its own files.
 * Either way, readers ask `locate(file)` with a '/'-separated path relative to the site root.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * @typedef {object} ReleaseView
 * @property {string} id Changes whenever what is served changes (the server keeps its parsed rules per id).
 * @property {(file: string) => string | null} locate The absolute path of a file of the site, or null.
 * @property {(file: string) => string | null} folderOf The folder holding that file (`locate` = folder + file).
 * @property {() => string[]} list Every file of the site, relative, '/'-separated.
 * @property {() => string[]} folders Every folder holding a file of the site.
 * @property {() => ViewSource} source What the view is made from, to make it again elsewhere (the SEO worker).
 */

/**
 * @typedef {{ folder: string } | { buildsDir: string, manifest: { name: string, files: Record<string, string> } }} ViewSource
 */

/** A file's path inside a folder, or null when it would leave the folder (`../`). */
const inside = (/** @type {string} */ dir, /** @type {string} */ file) => {
  const abs = path.join(dir, file);
  return abs.startsWith(dir + path.sep) ? abs : null;
};

/**
 * A complete build folder as a release.
 * @param {string} dir
 * @returns {ReleaseView}
 */
export function folderView(dir) {
  const root = path.resolve(dir);
  const locate = (/** @type {string} */ file) => {
    const abs = inside(root, file);
    try {
      return abs && statSync(abs).isFile() ? abs : null;
    } catch {
      return null;
    }
  };
  return {
    id: root,
    locate,
    folderOf: (file) => (locate(file) ? root : null),
    folders: () => [root],
    source: () => ({ folder: root }),
    list: () =>
      existsSync(root)
        ? readdirSync(root, { recursive: true, withFileTypes: true })
            .filter((d) => d.isFile())
            .map((d) => path.relative(root, path.join(d.parentPath, d.name)).split(path.sep).join('/'))
        : [],
  };
}

/**
 * A layered release: `files` maps each file of the site to the name of the build folder (under `buildsDir`) that
 * holds it.
 * @param {string} buildsDir
 * @param {{ name: string, files: Record<string, string> }} manifest
 * @returns {ReleaseView}
 */
export function manifestView(buildsDir, manifest) {
  const files = new Map(Object.entries(manifest.files));
  const folderOf = (/** @type {string} */ file) => {
    const folder = files.get(file);
    return folder ? path.join(buildsDir, folder) : null;
  };
  return {
    id: `${buildsDir}/${manifest.name}`,
    folderOf,
    locate: (file) => {
      const folder = folderOf(file);
      return folder && inside(folder, file);
    },
    list: () => [...files.keys()],
    folders: () => [...new Set(files.values())].map((folder) => path.join(buildsDir, folder)),
    source: () => ({ buildsDir, manifest: { name: manifest.name, files: manifest.files } }),
  };
}

/**
 * The view a `source()` describes, made again (in the SEO worker's thread).
 * @param {ViewSource} source
 * @returns {ReleaseView}
 */
export const viewFrom = (source) =>
  'folder' in source ? folderView(source.folder) : manifestView(source.buildsDir, source.manifest);

/**
 * The file a request path is answered with, found as sirv finds it in a folder (the site server served folders
 * through sirv before #28, and the tests hold it to that): the path without its trailing slash, then with
 * `/index`, `.html` and `/index.html`.
 * @param {ReleaseView} view
 * @param {string} pathname decoded
 * @returns {string | null} relative file
 */
export function fileFor(view, pathname) {
  const uri = pathname.replace(/^\/+/, '').replace(/\/$/, '');
  const index = uri ? `${uri}/index` : 'index';
  const candidates = [...(uri ? [uri] : []), index, ...(uri ? [`${uri}.html`] : []), `${index}.html`];
  return candidates.find((c) => view.locate(c)) ?? null;
}
