// @ts-check
/**
 * What the audit (audit.mjs) counts of a page's inline scripts: all of them (JSON-LD is data, not script; inline
 * event handlers count), and the 404 monitor's beacon (#29, D28), which only the 404 page may carry. Pure.
 */

/** The 404 monitor's budget: its inline beacon on the 404 page, gzip (#29: at most 1 KB). */
export const NOT_FOUND_BEACON_BUDGET = 1024;

/**
 * Every inline script of a page, each as its code: `<script>` without `src` (JSON-LD left out) and the code of
 * inline event handlers (`onclick="…"`).
 * @param {string} html
 * @returns {string[]}
 */
export function inlineScriptCodes(html) {
  const codes = [];
  for (const m of html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (/application\/ld\+json/.test(m[1])) continue;
    codes.push(m[2]);
  }
  for (const m of html.matchAll(/\son[a-z]+="([^"]*)"/g)) codes.push(m[1]);
  return codes;
}

/** A page's inline script code, all of it in one string ('' for none). @param {string} html */
export const inlineScripts = (html) => inlineScriptCodes(html).join('');

/**
 * The 404 monitor's beacon on a page: the code of the inline scripts that call `navigator.sendBeacon`
 * (src/pages/404.astro), '' for a page without it.
 * @param {string} html
 */
export function notFoundBeacon(html) {
  return inlineScriptCodes(html)
    .filter((code) => /\bsendBeacon\s*\(/.test(code))
    .join('');
}

/**
 * The audit's line about the beacon: its gzip bytes on the 404 page against the budget, and 0 on every other page
 * (or the pages that carry it anyway). `missed` when the 404 page lacks it or is over budget, or another page has it.
 * @param {Array<{ page: string, bytes: number }>} figures each audited page's beacon, gzip bytes (0 without)
 * @param {string} [notFoundPage] the 404 page's route as the audit names it
 * @returns {{ line: string, missed: boolean }}
 */
export function notFoundBeaconLine(figures, notFoundPage = '/404/') {
  const own = figures.find((f) => f.page === notFoundPage);
  const others = figures.filter((f) => f.page !== notFoundPage);
  const carriers = others.filter((f) => f.bytes > 0);
  const ownText = own
    ? own.bytes
      ? `${notFoundPage} carries ${own.bytes} B gzip of inline beacon script (budget ≤ ${NOT_FOUND_BEACON_BUDGET} B)`
      : `${notFoundPage} carries no beacon (MISSED: the 404 monitor reports nothing)`
    : `${notFoundPage} was not audited`;
  const othersText = carriers.length
    ? `MISSED: ${carriers.map((f) => `${f.page} ${f.bytes} B`).join(', ')} carry it too`
    : `0 B on every other page (${others.length})`;
  const missed = Boolean(own && (!own.bytes || own.bytes > NOT_FOUND_BEACON_BUDGET)) || carriers.length > 0;
  const over = own && own.bytes > NOT_FOUND_BEACON_BUDGET ? ' (MISSED: over budget)' : '';
  return { line: `404 monitor: ${ownText}${over}; ${othersText}`, missed };
}
