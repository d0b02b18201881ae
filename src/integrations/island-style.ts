import { addScriptHashes } from './content-security-policy';

/** What Astro writes before the first island of a page, in the body, where HTML does not permit <style>. */
export const ISLAND_STYLE = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';

/** Moves Astro's island style from the body to the end of the head: the same rule, in valid HTML. */
export function moveIslandStyle(html: string): string {
  if (!html.includes(ISLAND_STYLE)) return html;
  const without = html.split(ISLAND_STYLE).join('');
  return without.replace('</head>', `${ISLAND_STYLE}</head>`);
}

/**
 * What every built page goes through after Astro wrote it (src/integrations/incremental-cache.ts runs it on each
 * page a build rendered; a page an incremental build reuses was put through it when it was rendered). The policy
 * comes last: it hashes the scripts the page keeps.
 */
export const finishPage = (html: string) => addScriptHashes(moveIslandStyle(html));
