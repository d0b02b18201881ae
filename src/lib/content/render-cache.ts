import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { renderMarkdown, type RenderOptions } from '../markdown/render';

/**
 * Rendered markdown kept between builds, keyed by a hash of the renderer's code version, its options and the
 * text: a publish re-renders only what changed (as Astro's own content layer does for markdown files).
 * Lives in node_modules/.cache, like other build caches; deleting it only costs time.
 */
const DIR = path.resolve('node_modules/.cache/hotel-markdown');
const VERSION = '1';
let ready = false;

export function renderMarkdownCached(markdown: string, options: RenderOptions & { sizesKey?: string } = {}): string {
  const { imageSize, sizesKey = '', ...rest } = options;
  const key = createHash('sha1')
    .update(`${VERSION}\0${JSON.stringify(rest)}\0${sizesKey}\0${markdown}`)
    .digest('hex');
  const file = path.join(DIR, `${key}.html`);
  try {
    return readFileSync(file, 'utf8');
  } catch {
    const html = renderMarkdown(markdown, { ...rest, imageSize });
    try {
      if (!ready) mkdirSync(DIR, { recursive: true });
      ready = true;
      writeFileSync(file, html);
    } catch {
      // A read-only or full disk only loses the cache, never the build.
    }
    return html;
  }
}
