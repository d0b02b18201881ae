/** The markdown editor's toolbar operations, and that what they write renders as meant (src/lib/markdown). */
import { describe, expect, it } from 'vitest';
import {
  SELECT_FIRST,
  bold,
  bulletList,
  heading,
  insertImage,
  insertLink,
  italic,
  numberedList,
  underline,
  type TextState,
} from '../../src/admin/components/markdown-editor/markdown-commands';
import { renderMarkdown } from '../../src/lib/markdown/render';

/** A state from text where [ and ] mark the selection. */
function st(marked: string): TextState {
  const start = marked.indexOf('[');
  const end = marked.indexOf(']') - 1;
  return { value: marked.replace('[', '').replace(']', ''), selectionStart: start, selectionEnd: end };
}
const show = (r: ReturnType<typeof bold>) =>
  'error' in r
    ? r
    : r.value.slice(0, r.selectionStart) +
      '[' +
      r.value.slice(r.selectionStart, r.selectionEnd) +
      ']' +
      r.value.slice(r.selectionEnd);

describe('formatting a selection', () => {
  it('wraps it and keeps it selected', () => {
    expect(show(bold(st('Walk [the kora] at dawn')))).toBe('Walk **[the kora]** at dawn');
    expect(show(italic(st('[om]')))).toBe('*[om]*');
    expect(show(underline(st('a [b] c')))).toBe('a <u>[b]</u> c');
  });
  it("needs a selection: 'Please select text to format'", () => {
    for (const op of [bold, italic, underline, bulletList, numberedList, (s: TextState) => heading(s, 2)])
      expect(op(st('no []selection'))).toEqual({ error: SELECT_FIRST });
    expect(SELECT_FIRST).toBe('Please select text to format');
  });
  it('renders as strong, em and u', () => {
    const html = renderMarkdown((bold(st('[B]')) as TextState).value + ' ' + (underline(st('[U]')) as TextState).value);
    expect(html).toContain('<strong>B</strong>');
    expect(html).toContain('<u>U</u>');
    expect(renderMarkdown((italic(st('[I]')) as TextState).value)).toContain('<em>I</em>');
  });
});

describe('line operations', () => {
  it('makes every touched line a heading, replacing a heading mark it had', () => {
    expect(show(heading(st('intro\n## Old [title]\nrest'), 3))).toBe('intro\n[### Old title]\nrest');
    expect((heading(st('[x]'), 9) as TextState).value).toBe('###### x');
  });
  it('makes lists of the selected lines, skipping blank ones, numbering in order', () => {
    expect((bulletList(st('[momo\n\n1. thukpa]')) as TextState).value).toBe('- momo\n\n- thukpa');
    expect((numberedList(st('[- momo\nthukpa\n* tea]')) as TextState).value).toBe('1. momo\n2. thukpa\n3. tea');
    expect(renderMarkdown((numberedList(st('[a\nb]')) as TextState).value)).toMatch(/<ol>\s*<li>a<\/li>\s*<li>b<\/li>/);
  });
});

describe('links and images', () => {
  it('needs both text and URL', () => {
    expect(insertLink(st('[]'), { text: ' ', url: '/contact/', nofollow: false })).toHaveProperty('error');
    expect(insertLink(st('[]'), { text: 'Contact', url: '', nofollow: false })).toHaveProperty('error');
  });
  it('writes a markdown link, or with no-follow an <a rel="nofollow"> the sanitizer keeps', () => {
    const plain = insertLink(st('See [us] soon'), { text: 'us', url: '/contact/', nofollow: false }) as TextState;
    expect(plain.value).toBe('See [us](/contact/) soon');
    expect(plain.selectionStart).toBe('See [us](/contact/)'.length);
    const nf = insertLink(st('[x]'), {
      text: 'Ticket <office>',
      url: 'https://a.example/?a=1&b="2"',
      nofollow: true,
    }) as TextState;
    const html = renderMarkdown(nf.value);
    expect(html).toMatch(/rel="nofollow( noopener)?"/);
    expect(html).toContain('href="https://a.example/?a=1&amp;b=&quot;2&quot;"');
    expect(html).toContain('Ticket &lt;office&gt;');
  });
  it('inserts an image on its own line; a source is needed', () => {
    expect(insertImage(st('[]'), { src: ' ', alt: 'x' })).toHaveProperty('error');
    const r = insertImage(st('Text[]'), { src: '/images/stupa one.jpg', alt: 'The [stupa]' }) as TextState;
    expect(r.value).toBe('Text\n\n![The stupa](/images/stupa%20one.jpg)\n');
    expect(renderMarkdown(r.value)).toContain('<img src="/images/stupa%20one.jpg" alt="The stupa"');
  });
});
