/** Where a failed submit points staff (#31): the first bad field's path, and the editor tab that holds it. */
import { describe, expect, it } from 'vitest';
import { firstErrorPath } from '../../src/admin/lib/form-errors';
import { postFieldTab } from '../../src/admin/features/blog-posts/blog-post-editor-tabs';
import { pageFieldTab } from '../../src/admin/features/pages/page-editor-tabs';

describe('the first bad field', () => {
  it('is found by its path, nested fields included, in field order', () => {
    expect(firstErrorPath({ seo: { meta_title: { message: 'too long', type: 'custom' } } })).toBe('seo.meta_title');
    expect(firstErrorPath({ title: { message: 'required' }, seo: { meta_title: { message: 'x' } } })).toBe('title');
    expect(firstErrorPath({ blocks: { 2: { content: { message: 'too long' } } } })).toBe('blocks.2.content');
    expect(firstErrorPath({})).toBeUndefined();
  });

  it('opens the tab that holds it, or none for the fields above the tabs', () => {
    expect(postFieldTab('seo.meta_title')).toBe('seo');
    expect(postFieldTab('seo.alt_text')).toBe('featured');
    expect(postFieldTab('author_role')).toBe('author');
    expect(postFieldTab('excerpt')).toBe('content');
    expect(postFieldTab('blocks.0.content')).toBe('blocks');
    expect(postFieldTab('title')).toBeUndefined();
    expect(pageFieldTab('seo.canonical_url')).toBe('seo');
    expect(pageFieldTab('sections.1.section_content')).toBe('sections');
    expect(pageFieldTab('custom_url')).toBeUndefined();
  });
});
