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

const { markdownToText, renderMarkdown } = await import('../../src/lib/markdown/render');

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
});
