/**
 * Markdown a build cannot be stopped by (#26): the inputs that overflowed marked's stack or made it quadratic render
 * (bounded first, src/lib/markdown/bounds.ts), and what people write is rendered exactly as before. How long the
 * worst inputs take is measured, not asserted: vitest prints each case's time (200 KB of `_a`: about 0.4 s, where
 * marked alone took 20 s).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Marked } from 'marked';
import { boundMarkdown, MARKDOWN_BOUNDS } from '../../src/lib/markdown/bounds';
import { markdownToText, renderMarkdown } from '../../src/lib/markdown/render';
import { PATHOLOGICAL_MARKDOWN } from '../fixtures/pathological-markdown';

describe('bounded markdown', () => {
  it.each(Object.entries(PATHOLOGICAL_MARKDOWN))('%s: renders, where marked alone fails or crawls', (_name, text) => {
    const html = renderMarkdown(text);
    expect(typeof html).toBe('string');
    expect(typeof markdownToText(text)).toBe('string');
  });

  it('overflowed marked before (nested quotes; 3,000 overflow a build, more in a test worker)', () => {
    const quotes = '>'.repeat(50_000) + ' x';
    expect(() => new Marked().parse(quotes)).toThrow(RangeError);
    expect(renderMarkdown(quotes)).toContain('x');
  });

  it('keeps containers to the depth limit and escapes the delimiters of a block that has too many', () => {
    const quotes = boundMarkdown('> '.repeat(100) + 'x');
    expect(quotes.match(/>/g)).toHaveLength(MARKDOWN_BOUNDS.maxDepth);
    const many = boundMarkdown('_a'.repeat(1000));
    expect(many).toBe('\\_a'.repeat(1000));
    expect(renderMarkdown('_a'.repeat(1000))).toBe(`<p>${'_a'.repeat(1000)}</p>\n`);
    expect(boundMarkdown('x'.repeat(MARKDOWN_BOUNDS.maxChars + 10))).toHaveLength(MARKDOWN_BOUNDS.maxChars);
  });

  it('leaves what people write as it was: every seeded post and page renders the same', () => {
    const seed = readFileSync('supabase/seed.sql', 'utf8');
    // The dollar-quoted markdown bodies of the seed ($md$…$md$ or E'…').
    const bodies = [...seed.matchAll(/\$([a-z]*)\$([\s\S]*?)\$\1\$/g)].map((m) => m[2]).filter((b) => b.length > 200);
    expect(bodies.length).toBeGreaterThan(3);
    const plain = new Marked({ gfm: true, breaks: false, async: false });
    for (const body of bodies) {
      expect(new Marked({ gfm: true, breaks: false, async: false }).parse(boundMarkdown(body))).toBe(plain.parse(body));
    }
    const everyday = [
      '# Title\n\n**bold** and *italic* and ***both***, __strong__ _em_\n\n---\n\n***\n\n___',
      '- one\n  - two\n    - three\n\n1. first\n2. second\n\n> quoted\n> > nested',
      '```\ncode   with    spaces\n\n\nand blank lines\n```\n\n    indented code',
      '| a | b |\n|---|---|\n| 1 | 2 |',
    ];
    for (const text of everyday) expect(plain.parse(boundMarkdown(text))).toBe(plain.parse(text));
  });
});
