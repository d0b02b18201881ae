// @ts-check
/**
 * The builds on disk and which one is live: each build gets its own folder under DATA_DIR/builds, and
 * DATA_DIR/live is a symlink switched atomically to a build that passed; the newest few are kept, the live one
 * always.
 */
import { existsSync, readdirSync, readlinkSync, statSync } from 'node:fs';
import { mkdir, readdir, rename, rm, symlink } from 'node:fs/promises';
import path from 'node:path';
import { REQUIRED_FILES } from './build-runner.mjs';

/**
 * @param {{ dataDir: string, keep?: number }} opts `keep`: builds kept on disk, the live one included (default 3).
 */
export function createReleases({ dataDir, keep = 3 }) {
  const buildsDir = path.join(dataDir, 'builds');
  const liveLink = path.join(dataDir, 'live');
  /** @type {string | null} */
  let live = null;

  return {
    /** The folder guests are served, or null before the first successful build. */
    liveDir: () => live,

    /** A new, empty place for a build that starts now (its folder is made by the build). */
    async prepare(/** @type {Date} */ startedAt, /** @type {number | string} */ id) {
      await mkdir(buildsDir, { recursive: true });
      return path.join(buildsDir, `${startedAt.toISOString().replace(/[:.]/g, '-')}-${id}`);
    },

    /**
     * Points DATA_DIR/live at the new build by renaming a fresh symlink over it: rename is atomic, so a reader
     * sees either the old build or the new one, never neither.
     * @param {string} dir
     */
    async switchLive(dir) {
      const tmp = `${liveLink}.${process.pid}.tmp`;
      await rm(tmp, { force: true });
      await symlink(path.relative(dataDir, dir), tmp);
      await rename(tmp, liveLink);
      live = dir;
    },

    /** Throws a build away (it failed, or never went live). @param {string} dir */
    discard: (dir) => rm(dir, { recursive: true, force: true }).catch(() => {}),

    /** Keeps the newest `keep` builds and never deletes the live one. */
    async prune() {
      const names = (await readdir(buildsDir).catch(() => [])).sort().reverse();
      for (const name of names.slice(keep)) {
        const dir = path.join(buildsDir, name);
        if (dir !== live) await rm(dir, { recursive: true, force: true }).catch(() => {});
      }
    },

    /** Finds the live build an earlier run left, if its link points at a complete build. */
    readLive() {
      try {
        const target = path.resolve(dataDir, readlinkSync(liveLink));
        if (statSync(target).isDirectory() && REQUIRED_FILES.every((f) => existsSync(path.join(target, f))))
          live = target;
      } catch {
        /* no live build yet */
      }
      return live;
    },

    /** Build folders on disk, newest first. */
    list: () =>
      existsSync(buildsDir)
        ? readdirSync(buildsDir)
            .sort()
            .reverse()
            .map((n) => path.join(buildsDir, n))
        : [],
  };
}
