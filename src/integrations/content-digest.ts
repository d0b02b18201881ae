import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * A digest of files by content (what the build's kept results and the admin bundle are kept by): every file under
 * each of `dirs` but those `skip` names, then each of `files` (a missing one counts as missing), by path relative
 * to `root` and content, then `extra`. The 24 hex digits it returns name a kept result.
 */
export function contentDigest(
  root: string,
  {
    dirs,
    files = [],
    skip = () => false,
    extra = [],
  }: {
    dirs: string[];
    files?: string[];
    /** A path relative to root, '/'-separated, that is not read. */
    skip?: (relative: string) => boolean;
    extra?: string[];
  },
): string {
  const hash = createHash('sha256');
  const relative = (file: string) => path.relative(root, file).split(path.sep).join('/');
  const found = dirs
    .flatMap((dir) => readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true }))
    .filter((d) => d.isFile())
    .map((d) => path.join(d.parentPath, d.name))
    .filter((f) => !skip(relative(f)))
    .sort();
  for (const file of [...found, ...files.map((f) => path.join(root, f))]) {
    hash.update(`${relative(file)}\0`);
    try {
      hash.update(readFileSync(file));
    } catch {
      hash.update('(none)');
    }
  }
  for (const value of extra) hash.update(`${value}\n`);
  return hash.digest('hex').slice(0, 24);
}
