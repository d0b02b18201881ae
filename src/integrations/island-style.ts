import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/** What Astro writes before the first island of a page, in the body, where HTML does not permit <style>. */
export const ISLAND_STYLE = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';

/** Moves Astro's island style from the body to the end of the head: the same rule, in valid HTML. */
export function moveIslandStyle(html: string): string {
  if (!html.includes(ISLAND_STYLE)) return html;
  const without = html.split(ISLAND_STYLE).join('');
  return without.replace('</head>', `${ISLAND_STYLE}</head>`);
}

/**
 * The staff editor's island sits inert in a <template> (src/components/StaffEditor.astro): only its module URL is
 * read from it. Astro writes its island runtime before the first island, here inside that template, where no
 * browser runs it; it is taken out, so a guest's page carries only the few bytes of the loader.
 */
export function stripTemplateRuntime(html: string): string {
  return html.replace(
    /(<template id="staff-editor">)([\s\S]*?)(<\/template>)/,
    (_m, open: string, inner: string, close: string) =>
      open +
      inner
        .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
        .split(ISLAND_STYLE)
        .join('') +
      close,
  );
}

/** Rewrites the built pages that have islands (the only ones holding the style), after the build. */
export default function islandStyle(): AstroIntegration {
  return {
    name: 'hotel:island-style',
    hooks: {
      'astro:build:done': async ({ dir }) => {
        const root = fileURLToPath(dir);
        const files = (await readdir(root, { recursive: true })).filter((f) => f.endsWith('.html'));
        await Promise.all(
          files.map(async (f) => {
            const file = path.join(root, f);
            const html = await readFile(file, 'utf8');
            const moved = moveIslandStyle(stripTemplateRuntime(html));
            if (moved !== html) await writeFile(file, moved);
          }),
        );
      },
    },
  };
}
