/**
 * In-place editing's pure parts: the alt text of the n-th image written into the markdown, leaving every other
 * character as it was (D13); and the built page keeping only the inert staff editor's module URL (D3).
 */
import { describe, expect, it } from 'vitest';
import { markdownImages, replaceImageAlt } from '../../src/admin/inplace/markdown-alt';
import { finishPage } from '../../src/integrations/island-style';
import { pageScripts } from '../../scripts/lib/page-scripts.mjs';

const MD = `Intro with ![first](/a.jpg "A title").

- a list with ![second \\] tricky](https://x.example/b.png)

<p><img src="/c.jpg" alt='third'> and <img src="/d.jpg"></p>

\`![not an image](/code.jpg)\`
`;

describe('replaceImageAlt', () => {
  it('finds the images in the order they render, code left out', () => {
    expect(markdownImages(MD)).toEqual([
      '![first](/a.jpg "A title")',
      '![second \\] tricky](https://x.example/b.png)',
      `<img src="/c.jpg" alt='third'>`,
      '<img src="/d.jpg">',
    ]);
  });

  it('replaces only the alt text of the n-th image, escaping what markdown or HTML needs', () => {
    expect(replaceImageAlt(MD, 0, 'Prayer flags')).toBe(MD.replace('![first]', '![Prayer flags]'));
    expect(replaceImageAlt(MD, 1, 'a [b]')).toBe(MD.replace('![second \\] tricky]', '![a \\[b\\]]'));
    expect(replaceImageAlt(MD, 2, 'Say "hi"')).toBe(MD.replace(`alt='third'`, 'alt="Say &quot;hi&quot;"'));
    expect(replaceImageAlt(MD, 3, 'Fourth')).toBe(MD.replace('<img src="/d.jpg">', '<img alt="Fourth" src="/d.jpg">'));
    expect(replaceImageAlt(MD, 4, 'none')).toBeNull();
  });

  it('tells apart two images with the same source text', () => {
    const twice = '![x](/a.jpg)\n\n![x](/a.jpg)\n';
    expect(replaceImageAlt(twice, 1, 'second')).toBe('![x](/a.jpg)\n\n![second](/a.jpg)\n');
  });
});

describe('the inert staff editor in a built page', () => {
  const page =
    '<body><template id="staff-editor"><script type="module" src="/_astro/staff-editor.abc.js"></script></template><script>loader()</script></body>';

  it('is no script a guest loads, and is what a staff session loads', async () => {
    expect([...(await pageScripts(page, '/nonexistent')).keys()]).toEqual([]);
    expect([...(await pageScripts(page, '/nonexistent', { inert: true })).keys()]).toEqual([
      '/_astro/staff-editor.abc.js',
    ]);
  });

  it('keeps its script through finishing, which hashes only the loader', () => {
    const finished = finishPage(
      `<html><head><meta http-equiv="content-security-policy" content="script-src 'self'"></head>${page}</html>`,
    );
    expect(finished).toContain(
      '<template id="staff-editor"><script type="module" src="/_astro/staff-editor.abc.js"></script></template>',
    );
    expect([...finished.matchAll(/'sha256-/g)]).toHaveLength(1);
  });
});
