/**
 * The markdown editor's text operations, pure: each takes the text and the selection and returns the new text and
 * selection, or the spec's message when it cannot apply. What they write is what src/lib/markdown/render.ts
 * renders: **bold**, *italic*, <u>underline</u>, # headings, - and 1. lists, [links](url) (a no-follow link as
 * <a rel="nofollow">, which the sanitizer keeps) and ![images](src).
 */

export interface TextState {
  value: string;
  selectionStart: number;
  selectionEnd: number;
}
export type CommandResult = TextState | { error: string };

export const SELECT_FIRST = 'Please select text to format';

const selected = (s: TextState) => s.value.slice(s.selectionStart, s.selectionEnd);

/** Replaces the selection with `text`; the new selection covers `select` within it (default: all of it). */
function replaceSelection(s: TextState, text: string, select: [number, number] = [0, text.length]): TextState {
  return {
    value: s.value.slice(0, s.selectionStart) + text + s.value.slice(s.selectionEnd),
    selectionStart: s.selectionStart + select[0],
    selectionEnd: s.selectionStart + select[1],
  };
}

/** Wraps the selection (needed) in `before`/`after`; the wrapped text stays selected. */
function wrap(s: TextState, before: string, after = before): CommandResult {
  const text = selected(s);
  if (!text) return { error: SELECT_FIRST };
  return replaceSelection(s, before + text + after, [before.length, before.length + text.length]);
}

export const bold = (s: TextState) => wrap(s, '**');
export const italic = (s: TextState) => wrap(s, '*');
export const underline = (s: TextState) => wrap(s, '<u>', '</u>');

/** The whole lines the selection touches: [start of the first, end of the last]. */
function lineRange(s: TextState): [number, number] {
  const start = s.value.lastIndexOf('\n', s.selectionStart - 1) + 1;
  const endAt =
    s.selectionEnd > s.selectionStart && s.value[s.selectionEnd - 1] === '\n' ? s.selectionEnd - 1 : s.selectionEnd;
  const nl = s.value.indexOf('\n', endAt);
  return [start, nl === -1 ? s.value.length : nl];
}

/** Rewrites each selected line (a selection is needed); the rewritten lines stay selected. */
function mapLines(s: TextState, map: (line: string, i: number) => string): CommandResult {
  if (!selected(s)) return { error: SELECT_FIRST };
  const [start, end] = lineRange(s);
  const lines = s.value.slice(start, end).split('\n');
  let n = 0;
  const out = lines.map((line) => (line.trim() ? map(line, n++) : line)).join('\n');
  return {
    value: s.value.slice(0, start) + out + s.value.slice(end),
    selectionStart: start,
    selectionEnd: start + out.length,
  };
}

const HEADING = /^#{1,6}\s+/;
const BULLET = /^\s*[-*+]\s+/;
const NUMBER = /^\s*\d+[.)]\s+/;

/** Makes the selected lines headings of `level` (1-6), replacing a heading mark they had. */
export const heading = (s: TextState, level: number) =>
  mapLines(s, (line) => `${'#'.repeat(Math.min(6, Math.max(1, level)))} ${line.replace(HEADING, '')}`);

export const bulletList = (s: TextState) => mapLines(s, (line) => `- ${line.replace(BULLET, '').replace(NUMBER, '')}`);

export const numberedList = (s: TextState) =>
  mapLines(s, (line, i) => `${i + 1}. ${line.replace(NUMBER, '').replace(BULLET, '')}`);

const escapeAttr = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
const escapeText = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** Inserts a link in place of the selection. Text and URL are both needed. */
export function insertLink(s: TextState, link: { text: string; url: string; nofollow: boolean }): CommandResult {
  const text = link.text.trim();
  const url = link.url.trim();
  if (!text || !url) return { error: 'Please enter both link text and URL' };
  const md = link.nofollow
    ? `<a href="${escapeAttr(url)}" rel="nofollow">${escapeText(text)}</a>`
    : `[${text.replace(/[[\]]/g, '\\$&')}](${url.replace(/[()\s]/g, encodeURIComponent)})`;
  return replaceSelection(s, md, [md.length, md.length]);
}

/** Inserts an image at the cursor (replacing any selection), on a line of its own. A source is needed. */
export function insertImage(s: TextState, image: { src: string; alt: string }): CommandResult {
  const src = image.src.trim();
  if (!src) return { error: 'Please enter an image URL' };
  const before = s.selectionStart > 0 && s.value[s.selectionStart - 1] !== '\n' ? '\n\n' : '';
  const md = `${before}![${image.alt.trim().replace(/[[\]]/g, '')}](${src.replace(/[()\s]/g, encodeURIComponent)})\n`;
  return replaceSelection(s, md, [md.length, md.length]);
}
