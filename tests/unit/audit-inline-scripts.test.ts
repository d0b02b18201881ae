/**
 * What `npm run audit` counts of a page's inline scripts (scripts/bench/inline-scripts.mjs): every inline script
 * but JSON-LD, and the 404 monitor's beacon (#29, D28), which only the 404 page may carry, in at most 1 KB gzip.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import {
  NOT_FOUND_BEACON_BUDGET,
  inlineScriptCodes,
  inlineScripts,
  notFoundBeacon,
  notFoundBeaconLine,
} from '../../scripts/bench/inline-scripts.mjs';

const BEACON =
  '(function(){const notFoundUrl = "https://x.supabase.co/functions/v1/not-found";\ntry { navigator.sendBeacon(notFoundUrl, JSON.stringify({ path: location.pathname })); } catch (e) {}\n})();';
const page = (extra = '') =>
  '<html><head><script>document.documentElement.classList.add("js")</script>' +
  '<script type="application/ld+json">{"@type":"Hotel"}</script><script type="module" src="/_astro/a.js"></script>' +
  `</head><body><button onclick="history.back()">Back</button>${extra}</body></html>`;

describe('inline scripts', () => {
  it('are every <script> without src but JSON-LD, and inline event handlers', () => {
    expect(inlineScriptCodes(page())).toEqual(['document.documentElement.classList.add("js")', 'history.back()']);
    expect(inlineScripts(page())).toBe('document.documentElement.classList.add("js")history.back()');
  });

  it('find the 404 monitor’s beacon on the page that has it, and nothing elsewhere', () => {
    expect(notFoundBeacon(page(`<script>${BEACON}</script>`))).toBe(BEACON);
    expect(notFoundBeacon(page())).toBe('');
    // A page that only mentions the word is no carrier.
    expect(notFoundBeacon(page('<script>var sendBeaconSupported = false;</script>'))).toBe('');
  });

  it('find it in the 404 page as the site writes it (src/pages/404.astro)', async () => {
    const source = await readFile('src/pages/404.astro', 'utf8');
    const inline = /<script is:inline[^>]*>([\s\S]*?)<\/script>/.exec(source)?.[1] ?? '';
    expect(notFoundBeacon(`<script>${inline}</script>`)).toContain('navigator.sendBeacon(notFoundUrl');
  });
});

describe('the audit’s line about the beacon', () => {
  const others = [
    { page: '/', bytes: 0 },
    { page: '/about/', bytes: 0 },
  ];
  it('gives its bytes on the 404 page and 0 on every other page', () => {
    expect(notFoundBeaconLine([{ page: '/404/', bytes: 262 }, ...others])).toEqual({
      line: '404 monitor: /404/ carries 262 B gzip of inline beacon script (budget ≤ 1024 B); 0 B on every other page (2)',
      missed: false,
    });
  });

  it('is missed when another page carries it, the 404 page lacks it, or it is over budget', () => {
    const carried = notFoundBeaconLine([{ page: '/404/', bytes: 262 }, { page: '/', bytes: 262 }, others[1]]);
    expect(carried).toEqual({
      line: '404 monitor: /404/ carries 262 B gzip of inline beacon script (budget ≤ 1024 B); MISSED: / 262 B carry it too',
      missed: true,
    });
    expect(notFoundBeaconLine([{ page: '/404/', bytes: 0 }, ...others]).missed).toBe(true);
    const over = notFoundBeaconLine([{ page: '/404/', bytes: NOT_FOUND_BEACON_BUDGET + 1 }, ...others]);
    expect(over.missed).toBe(true);
    expect(over.line).toContain('(MISSED: over budget)');
    // Audited alone (--only), another page says only that it has none.
    expect(notFoundBeaconLine([others[1]])).toEqual({
      line: '404 monitor: /404/ was not audited; 0 B on every other page (1)',
      missed: false,
    });
  });
});
