/**
 * The Blog Posts editor's live preview shows a post as its page does (#27): the page's own article component and
 * view model, so the same fallbacks (Anonymous, Writer), the date in Nepal time whatever the browser's zone, the
 * category's name, and the text's headings one level under the title. tests/e2e/blog-editor.spec.ts compares the
 * preview with a built page.
 */
import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { staticHtml } from '../../src/components/body/static-html';
import { BlogPreview } from '../../src/admin/features/blog-posts/BlogPreview';
import { blankPost } from '../../src/admin/features/blog-posts/blog-post-input-schema';
import PostArticle from '../../src/components/blog/PostArticle';
import { renderPostContent, toCategoryOptions, toPost, type PostRow } from '../../src/lib/blog/post';

const CATEGORIES = [{ name: 'Local Culture', slug: 'culture' }];

describe('the blog post preview', () => {
  it('shows the page’s fallbacks, its date in Nepal time and the category’s name', () => {
    const values = {
      ...blankPost(),
      title: 'Butter lamps',
      // A top-level heading is an h2 under the page's h1, in the preview as on the page.
      content: '# Why they burn\n\nFor the full moon.',
      category: 'culture',
      // 20:30 UTC on 4 March is 02:15 on 5 March in Kathmandu.
      published_date: new Date('2026-03-04T20:30:00Z'),
    };
    const { container } = render(<BlogPreview values={values} categories={CATEGORIES} />);
    expect(container.querySelector('h1')?.textContent).toBe('Butter lamps');
    expect(container.querySelector('time')?.textContent).toBe('March 05, 2026');
    expect(container.querySelector('time')?.getAttribute('datetime')).toBe('2026-03-04T20:30:00.000Z');
    expect(container.textContent).toContain('Anonymous');
    expect(container.textContent).toContain('Writer · March 05, 2026');
    expect(container.textContent).toContain('Local Culture');
    // The initials stand in for a photo, as on the page.
    expect(container.querySelector('span[aria-hidden="true"]')?.textContent).toBe('A');
    expect(container.querySelector('h2')?.textContent).toBe('Why they burn');
  });

  it('gives the article the same HTML as the build gives the page', () => {
    const row = {
      id: 'p1',
      slug: 'butter-lamps',
      title: 'Butter lamps',
      content: '## Why they burn\n\nFor the *full* moon.',
      excerpt: null,
      category: 'culture',
      featured_image: 'https://example.org/lamps.jpg',
      alt_text: 'Lamps',
      author_name: 'Pema Sherpa',
      author_role: null,
      author_image: null,
      published_date: '2026-03-04T20:30:00.000Z',
      created_at: '2026-03-01T00:00:00.000Z',
      updated_at: '2026-03-01T00:00:00.000Z',
    } as PostRow;
    const post = toPost(row, toCategoryOptions(CATEGORIES));
    const built = staticHtml(PostArticle, { post, avatar: null, content: { html: renderPostContent(row.content) } });
    const values = {
      ...blankPost(),
      title: row.title,
      content: row.content,
      category: 'culture',
      featured_image: row.featured_image!,
      author_name: 'Pema Sherpa',
      published_date: new Date(row.published_date!),
      seo: { ...blankPost().seo, alt_text: 'Lamps' },
    };
    const preview = staticHtml(BlogPreview, { values, categories: CATEGORIES });
    expect(preview).toBe(`<article class="container-page max-w-3xl py-8">${built}</article>`);
  });
});
