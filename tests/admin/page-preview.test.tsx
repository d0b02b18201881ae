/**
 * The Pages editor's live preview renders a stored page's own article (#27): the same HTML as the build gives the
 * page (src/components/StoredPage.astro renders PageArticle from the HTML the build made of the markdown).
 */
import { describe, expect, it } from 'vitest';
import { PagePreview } from '../../src/admin/features/pages/PagePreview';
import { blankPage } from '../../src/admin/features/pages/page-input-schema';
import PageArticle from '../../src/components/pages/PageArticle';
import { staticHtml } from '../../src/components/body/static-html';
import { renderMarkdown } from '../../src/lib/markdown/render';

describe('the page preview', () => {
  it('gives the article the same HTML as the build gives the page', () => {
    const markdown = '## Rooftop mornings\n\nTea at *six*, with the stupa below.\n\n![Roof](/images/roof.jpg)';
    const values = {
      ...blankPage(),
      title: 'Our Rooftop',
      content: markdown,
      featured_image: 'https://example.org/roof.jpg',
      seo: { ...blankPage().seo, alt_text: 'The rooftop at dawn' },
    };
    const built = staticHtml(PageArticle, {
      title: 'Our Rooftop',
      image: { src: 'https://example.org/roof.jpg', alt: 'The rooftop at dawn' },
      content: { html: renderMarkdown(markdown) },
    });
    expect(staticHtml(PagePreview, { values })).toBe(
      `<article class="container-page max-w-3xl py-12">${built}</article>`,
    );
    expect(built).toContain('<h2>Rooftop mornings</h2>');
    expect(built).toContain('fetchpriority="high"');
  });
});
