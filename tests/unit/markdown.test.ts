import { describe, expect, it } from 'vitest';
import { markdownToText, renderMarkdown } from '../../src/lib/markdown/render';

describe('renderMarkdown', () => {
  it.each([
    ['# One', '<h1>One</h1>'],
    ['###### Six', '<h6>Six</h6>'],
    ['**bold** and *italic*', '<p><strong>bold</strong> and <em>italic</em></p>'],
    ['<u>under</u>lined', '<p><u>under</u>lined</p>'],
    ['- a\n- b', '<ul>\n<li>a</li>\n<li>b</li>\n</ul>'],
    ['1. a\n2. b', '<ol>\n<li>a</li>\n<li>b</li>\n</ol>'],
    ['[rooms](/accommodation/)', '<p><a href="/accommodation/">rooms</a></p>'],
  ])('renders %j', (md, html) => {
    expect(renderMarkdown(md).trim()).toBe(html);
  });

  it('renders images with their alt text, lazily', () => {
    expect(renderMarkdown('![Butter lamps at dusk](/images/blog/butter-lamps.jpg)')).toContain(
      '<img src="/images/blog/butter-lamps.jpg" alt="Butter lamps at dusk" loading="lazy" decoding="async" />',
    );
  });

  it('opens external links in a new tab with noopener and keeps a nofollow the author asked for', () => {
    const html = renderMarkdown('<a href="https://en.wikipedia.org/wiki/Boudhanath" rel="nofollow evil">w</a>');
    expect(html).toContain('href="https://en.wikipedia.org/wiki/Boudhanath"');
    expect(html).toContain('target="_blank"');
    expect(html).toMatch(/rel="nofollow noopener"/);
  });

  // A list of the usual XSS payloads: none may leave a script, an event handler, a javascript: URL or an iframe.
  const PAYLOADS = [
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '<img src="javascript:alert(1)">',
    '[click](javascript:alert(1))',
    '[click](JaVaScRiPt:alert(1))',
    '[click](&#106;avascript:alert(1))',
    '<a href="javascript&colon;alert(1)">x</a>',
    '<a href=" javascript:alert(1)">x</a>',
    '<a href="data:text/html,<script>alert(1)</script>">x</a>',
    '![x](javascript:alert(1))',
    '<iframe src="https://evil.example"></iframe>',
    '<svg onload=alert(1)>',
    '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
    '<div style="background:url(javascript:alert(1))">x</div>',
    '<p onclick="alert(1)">x</p>',
    '<object data="evil.swf"></object>',
    '<embed src="evil.swf">',
    '<form action="https://evil.example"><button>x</button></form>',
    '<base href="https://evil.example/">',
    '<meta http-equiv="refresh" content="0;url=https://evil.example">',
    '<style>body{display:none}</style>',
    '<<script>script>alert(1)<</script>/script>',
    '<scr<script>ipt>alert(1)</script>',
    '<a href="vbscript:msgbox(1)">x</a>',
    '<img src="x" onerror="alert(1)" alt="ok">',
    '<details open ontoggle=alert(1)>',
    '<video><source onerror="alert(1)"></video>',
    '<a href="#" onmouseover="alert(1)">x</a>',
    '<template><script>alert(1)</script></template>',
    '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  ];

  it.each(PAYLOADS)('neutralises %j', (payload) => {
    const html = renderMarkdown(payload).toLowerCase();
    expect(html).not.toMatch(/<script|<iframe|<object|<embed|<form|<base|<meta|<style|<svg|<math|<video|<template/);
    expect(html).not.toMatch(/\son[a-z]+\s*=/);
    expect(html).not.toMatch(/(href|src)\s*=\s*["']?\s*(javascript|vbscript|data):/);
  });
});

describe('markdownToText', () => {
  it('drops markup and collapses whitespace', () => {
    expect(markdownToText('## Title\n\nSome **bold** text & more.\n\n- item')).toBe(
      'Title Some bold text & more. item',
    );
  });
});

describe('renderMarkdown options', () => {
  it('keeps headings at or below the top level and never skips a level', () => {
    const html = renderMarkdown('# A\n\n#### B\n\n## C\n\n###### D', { topLevel: 2 });
    expect(html.match(/<h\d>/g)).toEqual(['<h2>', '<h3>', '<h2>', '<h3>']);
  });

  it('gives images the size the build knows', () => {
    const html = renderMarkdown('![Lamps](/images/blog/lamps.jpg)', {
      imageSize: (src) => (src === '/images/blog/lamps.jpg' ? { width: 1200, height: 630 } : undefined),
    });
    expect(html).toContain('width="1200" height="630"');
  });
});
