/**
 * D20: what a converted static page starts with, so its first preview looks like the page. The admin is served by
 * the same host as the site, so it reads the live page at the route and turns its main content into markdown
 * with turndown (a well-kept HTML-to-markdown converter): headings, paragraphs, lists, links, quotes and emphasis.
 * The first heading becomes the page's title (the stored page shows its title as the heading); images built by
 * the site's image pipeline (/_astro/…) are left out, because their addresses belong to a code version and a
 * stored page outlives it; the page's title and meta description are kept for the SEO fields (#31: the stored page
 * kept the hotel's name out of its title). Interactive parts (forms,
 * buttons, scripts, decorative icons) have no markdown and are dropped.
 */
import TurndownService from 'turndown';

export interface StaticPageStart {
  title: string;
  content: string;
  /** The page's <title> as served, e.g. 'About Boudha Mandala Hotel | Our Story Beside the Stupa'. */
  metaTitle: string;
  metaDescription: string;
}

/** Elements with no place in a page's markdown. */
const DROPPED = [
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'form',
  'button',
  'iframe',
  'nav',
  'astro-island',
  '[aria-hidden="true"]',
  '[hidden]',
  '.sr-only',
];

/** The markdown of a page's HTML (the whole document as served); pure, so it is unit-tested. */
export function pageHtmlToMarkdown(html: string, fallbackTitle: string): StaticPageStart {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const main = doc.querySelector('main') ?? doc.body;
  for (const el of main.querySelectorAll(DROPPED.join(','))) el.remove();
  for (const img of main.querySelectorAll('img')) {
    const src = img.getAttribute('src') ?? '';
    if (!src || src.startsWith('/_astro/') || src.startsWith('data:')) img.remove();
  }
  const h1 = main.querySelector('h1');
  const title = h1?.textContent?.replace(/\s+/g, ' ').trim() || fallbackTitle;
  h1?.remove();

  const turndown = new TurndownService({
    headingStyle: 'atx',
    bulletListMarker: '-',
    codeBlockStyle: 'fenced',
    emDelimiter: '*',
    strongDelimiter: '**',
  });
  const content = turndown
    .turndown(main.innerHTML)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  const metaDescription = doc.querySelector('meta[name="description"]')?.getAttribute('content')?.trim() ?? '';
  const metaTitle = doc.querySelector('head > title')?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
  return { title, content, metaTitle, metaDescription };
}

/** Reads the live page at `path` (same host) and returns what the converted page starts with. */
export async function staticPageStart(path: string, fallbackTitle: string): Promise<StaticPageStart> {
  const res = await fetch(path, { headers: { accept: 'text/html' }, cache: 'no-store' });
  if (!res.ok) throw new Error(`${path} answered ${res.status}`);
  return pageHtmlToMarkdown(await res.text(), fallbackTitle);
}
