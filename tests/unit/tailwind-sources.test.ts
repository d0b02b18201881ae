/**
 * Where Tailwind looks for class names (src/styles/global.css, `source('../')`): the site's own code under src/,
 * nothing else. Without a source, @tailwindcss/vite scans the whole project (tests, scripts, migrations, docs)
 * and registers every file it scanned with the bundler: 0.3–0.4 s of every build and every publish (#28,
 * npm run bench:build), and CSS for words that only tests and scripts contain. This runs Tailwind's own compiler
 * and scanner on the stylesheet as @tailwindcss/vite does (a compiler root of null means the project root).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { compile } from '@tailwindcss/node';
import { Scanner } from '@tailwindcss/oxide';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const STYLESHEET = path.join(ROOT, 'src/styles/global.css');

describe("Tailwind's sources", () => {
  it('are the files under src/, and only those', async () => {
    const compiler = await compile(await readFile(STYLESHEET, 'utf8'), {
      base: path.dirname(STYLESHEET),
      onDependency: () => {},
    });
    const root =
      compiler.root === 'none'
        ? []
        : compiler.root === null
          ? [{ base: ROOT, pattern: '**/*', negated: false }]
          : [{ ...compiler.root, negated: false }];
    const scanner = new Scanner({ sources: [...root, ...compiler.sources] });
    const candidates = scanner.scan();
    const src = path.join(ROOT, 'src') + path.sep;
    expect(scanner.files.filter((f) => !f.startsWith(src))).toEqual([]);
    // The site's components, pages and the admin are all scanned: their classes are in the CSS.
    expect(scanner.files).toContain(path.join(ROOT, 'src/layouts/BaseLayout.astro'));
    expect(scanner.files.some((f) => f.startsWith(path.join(ROOT, 'src/admin') + path.sep))).toBe(true);
    expect(candidates).toContain('bg-maroon-900');
  });
});
