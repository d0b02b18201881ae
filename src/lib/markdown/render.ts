/**
 * The one markdown pipeline (marked, then the sanitizer), for the build (src/lib/content renders each post once)
 * and the browser (src/components/body/Markdown.tsx, which the admin's live previews will render): same code,
 * same output, in both.
 *
 * Why sanitize-html and not DOMPurify (measured November 2026, this 2-core machine, Node 24):
 *
 * - Browser bundle of this module, `npx esbuild --bundle --minify --platform=browser entry.ts | gzip -c | wc -c`
 *   with an entry that calls renderMarkdown: sanitize-html 74,683 bytes gzip (210,778 minified; 56,461 gzip
 *   if the browser build aliases postcss, which sanitize-html loads only for allowedStyles, to a stub);
 *   DOMPurify with the same options as hooks 28,658 gzip (85,010 minified). marked alone is 15,722 of either.
 * - DOMPurify needs a DOM in Node, and only jsdom works: with linkedom it reports itself unsupported and returns
 *   its input unchanged (`<img src=x onerror=alert(1)>` passes), with happy-dom it dropped headings and skipped
 *   its hooks (its README calls happy-dom unsafe).
 * - Node time for the 1,000 posts of `npm run bench:build`: sanitize-html 36–49 ms to load, 163–290 ms to render
 *   them; DOMPurify with jsdom 386–480 ms to load, 726–1,575 ms to render. That is about a second more per build,
 *   where the budget (≤ 1.5× a plain Astro build of about 2 s) leaves a few tenths.
 *
 * So the 46 KB gzip saved in a lazily loaded admin preview chunk would cost every publish about a second and add
 * jsdom to the build's dependencies: sanitize-html stays.
 *
 * The browser build does alias postcss to a stub (src/integrations/postcss-browser-stub.ts): no style attribute is
 * allowed here, so sanitize-html never calls it, and the editors' chunks are about 16 KB gzip smaller.
 */
import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { boundMarkdown } from './bounds';

/**
 * Markdown of posts and pages → safe HTML. marked renders headings # to ######, **bold**, *italic*, links,
 * images with alt text, bullet and numbered lists; underline is written as <u>…</u> (what the admin's
 * formatting button inserts). Everything then passes the sanitizer: no script, event handler, javascript: URL,
 * iframe or style survives, whatever the author (or an attacker with an admin's session) typed.
 */
export interface RenderOptions {
  /**
   * The highest heading level the content may use (2 on a page whose title is the h1). Levels are also kept
   * from skipping (an h4 right after an h2 becomes an h3), so the page's outline stays valid for screen readers.
   */
  topLevel?: number;
  /** Width and height of an image the build knows (local files), so the browser reserves its space. */
  imageSize?: (src: string) => { width: number; height: number } | undefined;
  /** What the text is (`blog_posts 12 content`), for the build log if it cannot be rendered. */
  source?: string;
  /**
   * Told why, when the text could not be rendered as markdown and is shown as plain text; the build log names it
   * (fallbackWarning) when this is not given.
   */
  onFallback?: (reason: string) => void;
}

/** The build log's line for a text shown as plain text (#26). */
export const fallbackWarning = (source: string, reason: string) =>
  `[content] ${source}: could not be rendered as markdown (${reason}); shown as plain text`;

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Parses bounded markdown (./bounds.ts); if marked still throws, the text is shown as plain paragraphs and the build
 * log names it: one stored text never stops a build (#26).
 */
function parse(
  marked: ReturnType<typeof makeMarked>,
  markdown: string,
  source = 'markdown',
  onFallback = (reason: string) => console.warn(fallbackWarning(source, reason)),
): string {
  const bounded = boundMarkdown(markdown ?? '');
  try {
    return marked.parse(bounded) as string;
  } catch (err) {
    onFallback(String(err instanceof Error ? err.message : err));
    return bounded
      .split(/\n[ \t]*\n/)
      .map((p) => `<p>${escapeText(p.trim())}</p>`)
      .join('\n');
  }
}

function makeMarked({ topLevel, imageSize }: RenderOptions) {
  let previous = (topLevel ?? 1) - 1;
  return new Marked({
    gfm: true,
    breaks: false,
    async: false,
    renderer: {
      heading({ tokens, depth }) {
        const level = topLevel ? Math.min(6, Math.max(topLevel, Math.min(depth, previous + 1))) : depth;
        previous = level;
        return `<h${level}>${this.parser.parseInline(tokens)}</h${level}>\n`;
      },
      image({ href, title, text }) {
        const size = imageSize?.(href);
        const dims = size ? ` width="${size.width}" height="${size.height}"` : '';
        const t = title ? ` title="${escapeAttr(title)}"` : '';
        return `<img src="${escapeAttr(href)}" alt="${escapeAttr(text)}"${t}${dims}>`;
      },
    },
  });
}

const escapeAttr = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const SAFE_REL = new Set(['nofollow', 'noopener', 'noreferrer', 'ugc', 'sponsored']);

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'strong',
    'b',
    'em',
    'i',
    'u',
    'a',
    'img',
    'ul',
    'ol',
    'li',
    'blockquote',
    'code',
    'pre',
    'del',
    's',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'figure',
    'figcaption',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading', 'decoding'],
    th: ['align'],
    td: ['align'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => {
      const rel = new Set((attribs.rel ?? '').split(/\s+/).filter((r) => SAFE_REL.has(r)));
      const external = /^https?:\/\//i.test(attribs.href ?? '');
      if (external) {
        rel.add('noopener');
        attribs.target = '_blank';
      } else {
        delete attribs.target;
      }
      if (rel.size) attribs.rel = [...rel].join(' ');
      else delete attribs.rel;
      return { tagName, attribs };
    },
    img: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, alt: attribs.alt ?? '', loading: 'lazy', decoding: 'async' },
    }),
  },
};

/** Renders markdown to sanitized HTML. */
export function renderMarkdown(markdown: string, options: RenderOptions = {}): string {
  return sanitizeHtml(parse(makeMarked(options), markdown, options.source, options.onFallback), SANITIZE);
}

/** One parser for plain text: without topLevel its renderer keeps no state between documents. */
let plainMarked: ReturnType<typeof makeMarked> | undefined;

/** Plain text of markdown (for excerpts and descriptions): tags dropped, whitespace collapsed. */
export function markdownToText(markdown: string): string {
  // One Marked for every call: the excerpts of 10,000 posts are made in every build.
  const html = parse((plainMarked ??= makeMarked({})), markdown);
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}
