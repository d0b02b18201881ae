/**
 * D20: what a converted static page starts with, so its first preview looks like the page. A built-in page made of
 * typed sections (About, Experience, Accommodation, #31) starts as those sections and its head, and so looks
 * exactly as it did. For any other, the admin (served by the same host as the site) reads the live page at the route and turns its main content into markdown
 * with turndown (a well-kept HTML-to-markdown converter): headings, paragraphs, lists, links, quotes and emphasis.
 * The first heading becomes the page's title (the stored page shows its title as the heading); images built by
 * the site's image pipeline (/_astro/…) are left out, because their addresses belong to a code version and a
 * stored page outlives it; the page's title and meta description are kept for the SEO fields (#31: the stored page
 * kept the hotel's name out of its title). Interactive parts (forms,
 * buttons, scripts, decorative icons) have no markdown and are dropped.
 */
import TurndownService from 'turndown';
import { BUILT_IN_PAGES } from '../../../lib/sections/built-in';
import { SECTION_TYPE_LABEL, sectionContent, type SectionContent } from '../../../lib/sections/schema';

export interface StaticPageStart {
  title: string;
  content: string;
  /** The page's <title> as served, e.g. 'About Boudha Mandala Hotel | Our Story Beside the Stupa'. */
  metaTitle: string;
  metaDescription: string;
  /** The page's typed sections (#31), each with every field filled, for a page made of them; else none. */
  sections: Array<{ section_name: string; section_content: SectionContent }>;
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
  return { title, content, metaTitle, metaDescription, sections: [] };
}

/**
 * A built-in page made of typed sections (src/lib/sections/built-in.ts) starts as exactly those sections and its
 * head (#31), so it looks as it did: the hero's heading is its title, and it has no text of its own.
 */
export function builtInStart(path: string): StaticPageStart | null {
  const page = BUILT_IN_PAGES[path];
  if (!page) return null;
  const sections = page.sections.map((input) => {
    const section_content = sectionContent.parse(input);
    const title = 'title' in section_content ? section_content.title : '';
    return { section_name: `${SECTION_TYPE_LABEL[section_content.type]}: ${title}`.slice(0, 200), section_content };
  });
  const hero = sections.find((s) => s.section_content.type === 'hero')?.section_content;
  return {
    title: hero && 'title' in hero ? hero.title : page.seo.title,
    content: '',
    metaTitle: page.seo.title,
    metaDescription: page.seo.description,
    sections,
  };
}

/**
 * What the converted page at `path` starts with: a page made of typed sections, those; any other, its live page
 * (same host) read and turned into markdown.
 */
export async function staticPageStart(path: string, fallbackTitle: string): Promise<StaticPageStart> {
  const built = builtInStart(path);
  if (built) {
    // Its head as served: Page SEO may have given the built-in page its own title and description.
    const served = await fetch(path, { headers: { accept: 'text/html' }, cache: 'no-store' })
      .then(async (res) => (res.ok ? pageHtmlToMarkdown(await res.text(), fallbackTitle) : null))
      .catch(() => null);
    return {
      ...built,
      metaTitle: served?.metaTitle || built.metaTitle,
      metaDescription: served?.metaDescription || built.metaDescription,
    };
  }
  const res = await fetch(path, { headers: { accept: 'text/html' }, cache: 'no-store' });
  if (!res.ok) throw new Error(`${path} answered ${res.status}`);
  return pageHtmlToMarkdown(await res.text(), fallbackTitle);
}
