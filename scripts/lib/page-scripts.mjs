// @ts-check
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Every JS file a built page loads: module scripts, island components and renderers, and what they import
 * statically; with `dynamic`, also what they may load later through import() (Vite writes those with backticks).
 * Keys are site paths. What sits inside a <template> is inert (no browser loads it: the staff editor, D3) and is
 * left out, unless `inert` asks for only that.
 * @param {string} html
 * @param {string} dist the build folder
 * @param {{ dynamic?: boolean, inert?: boolean }} [opts]
 * @returns {Promise<Map<string, string>>}
 */
export async function pageScripts(html, dist, { dynamic = false, inert = false } = {}) {
  const templates = /<template\b[^>]*>[\s\S]*?<\/template>/g;
  html = inert ? [...html.matchAll(templates)].map((m) => m[0]).join('') : html.replace(templates, '');
  const entry = new Set();
  for (const m of html.matchAll(/<script[^>]*\bsrc="([^"]+\.js)"/g)) entry.add(m[1]);
  for (const m of html.matchAll(/(?:component-url|renderer-url|before-hydration-url)="([^"]+\.js)"/g)) entry.add(m[1]);
  const imports = dynamic
    ? /(?:(?:import|export)\s*(?:[^'"()]*?from\s*)?|import\s*\(\s*)["'`](\.{1,2}\/[^"'`]+\.js)["'`]/g
    : /(?:import|export)\s*(?:[^'"()]*?from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g;
  /** @type {Map<string, string>} */
  const seen = new Map();
  const queue = [...entry];
  while (queue.length) {
    const url = /** @type {string} */ (queue.shift());
    if (seen.has(url) || !url.startsWith('/')) continue;
    const code = await readFile(path.join(dist, url), 'utf8').catch(() => '');
    seen.set(url, code);
    for (const m of code.matchAll(imports)) queue.push(new URL(m[1], `http://x${url}`).pathname);
  }
  return seen;
}
