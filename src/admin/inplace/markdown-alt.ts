/**
 * The alt text of the n-th image of a post's markdown, replaced in place (D13): the n-th `<img>` of the rendered
 * content is the n-th image marked's lexer finds (markdown `![alt](src)` or an HTML `<img>`), so the edit keeps
 * every other character of the markdown as it was. Pure, unit-tested.
 */
import { Lexer, marked, type Token } from 'marked';

const escapeMarkdownAlt = (alt: string) => alt.replace(/[\\[\]]/g, (c) => `\\${c}`);
const escapeAttr = (alt: string) => alt.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** An image's source text with a new alt text. */
function withAlt(raw: string, alt: string): string {
  if (raw.startsWith('![')) return raw.replace(/^!\[((?:\\.|[^\]\\])*)\]/, () => `![${escapeMarkdownAlt(alt)}]`);
  if (/\salt\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/i.test(raw))
    return raw.replace(/(\salt\s*=\s*)("[^"]*"|'[^']*'|[^\s>]+)/i, (_m, pre: string) => `${pre}"${escapeAttr(alt)}"`);
  return raw.replace(/^<img\b/i, `<img alt="${escapeAttr(alt)}"`);
}

/** The images of a post's markdown, as source text, in the order they render. */
export function markdownImages(markdown: string): string[] {
  const found: string[] = [];
  marked.walkTokens(Lexer.lex(markdown), (t: Token) => {
    if (t.type === 'image') found.push(t.raw);
    else if (t.type === 'html') for (const m of t.raw.matchAll(/<img\b[^>]*>/gi)) found.push(m[0]);
  });
  return found;
}

/** The markdown with the alt text of its `index`-th image replaced, or null when it has no such image. */
export function replaceImageAlt(markdown: string, index: number, alt: string): string | null {
  const images = markdownImages(markdown);
  let cursor = 0;
  for (let i = 0; i < images.length; i++) {
    const at = markdown.indexOf(images[i], cursor);
    if (at < 0) return null;
    if (i === index)
      return markdown.slice(0, at) + withAlt(images[i], alt.trim()) + markdown.slice(at + images[i].length);
    cursor = at + images[i].length;
  }
  return null;
}
