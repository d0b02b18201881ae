/**
 * If marked still throws on a bounded text (a bug of a future marked), the text is shown as plain paragraphs and
 * the build log names it: the build goes on (#26). marked is replaced here by one that throws on a marker.
 */
import { describe, expect, it, vi } from 'vitest';

vi.mock('marked', async (importOriginal) => {
  const actual = await importOriginal<typeof import('marked')>();
  class Marked extends actual.Marked {
    constructor(...args: Array<import('marked').MarkedExtension>) {
      super(...args);
      const parse = this.parse;
      this.parse = ((src: string, options?: unknown) => {
        if (src.includes('BREAKS-MARKED')) throw new RangeError('Maximum call stack size exceeded');
        return parse(src, options as never);
      }) as typeof this.parse;
    }
  }
  return { ...actual, Marked };
});

const { fallbackWarning, markdownToText, renderMarkdown } = await import('../../src/lib/markdown/render');

describe('a text marked cannot render', () => {
  it('is shown as plain paragraphs, and the build log names it', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      expect(renderMarkdown('BREAKS-MARKED a <b>\n\npara two', { source: 'blog_posts 7 (x) content' })).toBe(
        '<p>BREAKS-MARKED a &lt;b&gt;</p>\n<p>para two</p>',
      );
      expect(warn).toHaveBeenCalledWith(
        '[content] blog_posts 7 (x) content: could not be rendered as markdown (Maximum call stack size exceeded); shown as plain text',
      );
      expect(markdownToText('BREAKS-MARKED *x*')).toBe('BREAKS-MARKED *x*');
      expect(renderMarkdown('**fine**')).toBe('<p><strong>fine</strong></p>\n');
    } finally {
      warn.mockRestore();
    }
  });

  it('tells onFallback why instead, for a caller that keeps the reason with the text (src/lib/content/site.ts)', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const reasons: string[] = [];
      expect(renderMarkdown('BREAKS-MARKED x', { onFallback: (r) => reasons.push(r) })).toBe('<p>BREAKS-MARKED x</p>');
      expect(renderMarkdown('fine', { onFallback: (r) => reasons.push(r) })).toBe('<p>fine</p>\n');
      expect(reasons).toEqual(['Maximum call stack size exceeded']);
      expect(warn).not.toHaveBeenCalled();
      expect(fallbackWarning('blog_posts 7 (x) content', reasons[0])).toBe(
        '[content] blog_posts 7 (x) content: could not be rendered as markdown (Maximum call stack size exceeded); shown as plain text',
      );
    } finally {
      warn.mockRestore();
    }
  });
});
