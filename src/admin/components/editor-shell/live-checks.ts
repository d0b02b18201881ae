/**
 * The SEO report's checks that can run while a post or page is typed (#29, D28), on its markdown: images without
 * alt text, a level-1 heading in the text (the page's title is its one h1, so a `#` heading makes two) and links to
 * addresses of this site that no live page or redirect answers. The rest of the report (title and description
 * lengths have their counters in SeoFields; the head, the sitemap, redirects) is the build's: the Site health tab.
 * Pure, unit-tested (tests/unit/editor-live-checks.test.ts); the markdown is read with marked's lexer, as the site
 * renders it.
 */
import { Lexer, marked, type Token, type Tokens } from 'marked';

export type LiveCheckKind = 'img-alt-missing' | 'h1-in-body' | 'broken-link';

export interface LiveCheck {
  kind: LiveCheckKind;
  /** What is wrong and how to mend it, in a sentence. */
  text: string;
}

/**
 * Whether an address of this site answers: a path (`/about/`, query and fragment dropped). Undefined when it
 * cannot tell yet (the addresses are still loading): no link is judged then.
 */
export type Reachable = (path: string) => boolean | undefined;

const clip = (s: string, n = 60) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** The attributes of an HTML tag, lower-case names (`alt` present even when empty). */
function attributes(tag: string): Map<string, string> {
  const attrs = new Map<string, string>();
  const inner = tag.replace(/^<[a-z0-9]+/i, '').replace(/\/?>$/, '');
  for (const m of inner.matchAll(/([^\s=/>]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s>]+))?/g))
    attrs.set(m[1].toLowerCase(), (m[2] ?? '').replace(/^["']|["']$/g, ''));
  return attrs;
}

/**
 * The path of a link when it is an address of this site whose page can be known (not a file such as
 * `/rss.xml` or `/images/x.jpg`, nor the admin), else undefined.
 * @param origin the site's origin (SITE_URL), so that full URLs of the site count too
 */
export function sitePath(href: string, origin?: string): string | undefined {
  const h = href.trim();
  if (!h || h.startsWith('#')) return undefined;
  let path: string;
  if (h.startsWith('/') && !h.startsWith('//')) path = h;
  else if (origin && /^https?:\/\//i.test(h)) {
    try {
      const url = new URL(h);
      if (url.origin !== new URL(origin).origin) return undefined;
      path = url.pathname + url.search + url.hash;
    } catch {
      return undefined;
    }
  } else return undefined;
  path = path.split(/[?#]/)[0] || '/';
  const last = path.split('/').pop() ?? '';
  if (/\.[a-z0-9]+$/i.test(last)) return undefined;
  if (/^\/(admin|mandala-admin-portal|_astro|_uploads)(\/|$)/.test(path)) return undefined;
  return path;
}

/** The live checks of a post's or page's markdown, in the order the text has them (each link once). */
export function liveChecks(markdown: string, reachable: Reachable, origin?: string): LiveCheck[] {
  const checks: LiveCheck[] = [];
  const linked = new Set<string>();
  const link = (href: string) => {
    const path = sitePath(href, origin);
    if (!path) return;
    // `/x` and `/x/` are one address (the trailing-slash rule of D5).
    const key = path.length > 1 ? path.replace(/\/+$/, '') : path;
    if (linked.has(key)) return;
    linked.add(key);
    if (reachable(path) === false)
      checks.push({
        kind: 'broken-link',
        text: `The link to ${clip(path)} leads to no live page of this site (no published page, live post or redirect has that address).`,
      });
  };
  const h1 = (text: string) =>
    checks.push({
      kind: 'h1-in-body',
      text: `“${clip(text.trim() || '(empty)')}” is a level-1 heading: the title is the page's only h1, so make it a level-2 heading (## in markdown).`,
    });
  const html = (raw: string) => {
    for (const m of raw.matchAll(/<(img|a|h1)\b[^>]*>/gi)) {
      const name = m[1].toLowerCase();
      const attrs = attributes(m[0]);
      if (name === 'img' && !attrs.has('alt'))
        checks.push({
          kind: 'img-alt-missing',
          text: `The image ${clip(attrs.get('src') ?? '')} has no alt text: add alt="…" describing it, or alt="" if it is only decoration.`,
        });
      else if (name === 'a' && attrs.has('href')) link(attrs.get('href') ?? '');
      else if (name === 'h1')
        h1(
          raw
            .slice((m.index ?? 0) + m[0].length)
            .split(/<\/h1>/i)[0]
            .replace(/<[^>]*>/g, ''),
        );
    }
  };
  marked.walkTokens(Lexer.lex(markdown), (t: Token) => {
    if (t.type === 'image') {
      const image = t as Tokens.Image;
      if (!image.text.trim())
        checks.push({
          kind: 'img-alt-missing',
          text: `The image ${clip(image.href)} has no alt text: describe it between the brackets, ![A room at dawn](…).`,
        });
    } else if (t.type === 'heading' && (t as Tokens.Heading).depth === 1) h1((t as Tokens.Heading).text);
    else if (t.type === 'link') link((t as Tokens.Link).href);
    else if (t.type === 'html') html(t.raw);
  });
  return checks;
}
