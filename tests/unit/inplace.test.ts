/**
 * In-place editing's pure parts: the alt text of the n-th image written into the markdown, leaving every other
 * character as it was (D13); and the built page keeping only the inert staff editor's module URL (D3).
 */
import { describe, expect, it } from 'vitest';
import { markdownImages, replaceImageAlt } from '../../src/admin/inplace/markdown-alt';
import { stripTemplateRuntime } from '../../src/integrations/island-style';
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
  const island =
    '<astro-island uid="1" component-url="/_astro/StaffEditor.abc.js" renderer-url="/_astro/client.def.js"></astro-island>';
  const page = `<body><template id="staff-editor"><style>astro-island,astro-slot,astro-static-slot{display:contents}</style><script>(()=>{self.Astro={}})();</script><script>var runtime=1</script>${island}</template><script>loader()</script></body>`;

  it('keeps the island (its URLs) and drops the runtime no template can run', () => {
    expect(stripTemplateRuntime(page)).toBe(
      `<body><template id="staff-editor">${island}</template><script>loader()</script></body>`,
    );
  });

  it('is no script a guest loads, and is what a staff session loads', async () => {
    expect([...(await pageScripts(page, '/nonexistent')).keys()]).toEqual([]);
    expect([...(await pageScripts(page, '/nonexistent', { inert: true })).keys()]).toEqual([
      '/_astro/StaffEditor.abc.js',
      '/_astro/client.def.js',
    ]);
  });
});
