/**
 * Bounds on markdown before marked sees it (#26): a stored post or page must never stop a build, and marked is
 * recursive and, on some inputs, quadratic. Measured with marked 18 on this machine (Node 24):
 *
 * - 3,000 nested containers on one line (`> > > …`, `- - - …`, `1. 1. …`, `>>>…`) or 3,000 nested emphasis
 *   delimiters (`***…x***`) overflow the stack (RangeError), from a 3 KB post;
 * - a paragraph of many emphasis delimiters is quadratic: 100 KB of `_a` takes 5.1 s, 200 KB about 20 s, and the
 *   plain-text excerpt parses it again;
 * - deep indentation is costly by size: 2.2 MB of ever deeper list items took 25 s.
 *
 * What is done, in one linear pass, and only to text no real post contains: the text is cut at MAX_CHARS; a line's
 * run of container markers is cut to MAX_DEPTH, and its indentation to MAX_INDENT columns; a run of four or more
 * emphasis characters is escaped (a thematic break, a line of only such characters, is kept); in a block with more
 * than MAX_DELIMITERS emphasis characters, all of them are escaped (they then show as typed). No library bounds
 * marked's input (its maintainers leave it to callers), so this is written here.
 */
export const MARKDOWN_BOUNDS = {
  /** Characters rendered; the rest is left out. The editors refuse more (the database allows 200,000). */
  maxChars: 200_000,
  /** Containers (quotes, list items) one line may open. */
  maxDepth: 8,
  /** Columns of indentation kept at the start of a line. */
  maxIndent: 48,
  /** Emphasis characters (`*`, `_`) a block may hold before they are all shown as typed. */
  maxDelimiters: 400,
} as const;

/** One container marker at the start of what is left of a line: `>`, `-`/`*`/`+` and a space, or `1.`/`1)`. */
const CONTAINER = /^[ \t]{0,3}(?:>[ \t]?|[-*+][ \t]+|\d{1,9}[.)][ \t]+)/;
const THEMATIC_BREAK = /^[ \t]*([*_-])(?:[ \t]*\1){2,}[ \t]*$/;

/** The line with at most `maxDepth` container markers and `maxIndent` columns of indentation. */
function boundLine(line: string): string {
  const indent = /^[ \t]*/.exec(line)![0];
  const kept = indent.length > MARKDOWN_BOUNDS.maxIndent ? indent.slice(0, MARKDOWN_BOUNDS.maxIndent) : indent;
  let rest = line.slice(indent.length);
  if (THEMATIC_BREAK.test(rest)) return kept + rest;
  let markers = '';
  let depth = 0;
  for (let m = CONTAINER.exec(rest); m && m[0].length > 0; m = CONTAINER.exec(rest)) {
    if (++depth <= MARKDOWN_BOUNDS.maxDepth) markers += m[0];
    rest = rest.slice(m[0].length);
  }
  // Runs of four or more emphasis characters nest deeper than any text means; escaped, they show as typed.
  return kept + markers + rest.replace(/[*_]{4,}/g, (run) => run.replace(/[*_]/g, '\\$&'));
}

/** Escapes every emphasis character of a block that holds too many of them (quadratic in marked). */
function boundBlock(block: string): string {
  let count = 0;
  for (let i = 0; i < block.length; i++) {
    const c = block.charCodeAt(i);
    if (c === 42 /* * */ || c === 95 /* _ */) count++;
  }
  if (count <= MARKDOWN_BOUNDS.maxDelimiters) return block;
  let out = '';
  for (let i = 0; i < block.length; i++) {
    const ch = block[i];
    if ((ch === '*' || ch === '_') && block[i - 1] !== '\\') out += '\\';
    out += ch;
  }
  return out;
}

/** Markdown within the bounds above: unchanged for anything a person writes. */
export function boundMarkdown(markdown: string): string {
  const text = (markdown ?? '').slice(0, MARKDOWN_BOUNDS.maxChars);
  return text
    .split(/\n[ \t]*\n/)
    .map((block) => boundBlock(block.split('\n').map(boundLine).join('\n')))
    .join('\n\n');
}
