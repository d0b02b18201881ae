/** The build figures in the publish status (#17): pages, and how many were rendered and reused when counted. */
import { describe, expect, it } from 'vitest';
import { pagesText } from '../../src/admin/components/PublishStatus';

describe('pagesText', () => {
  it('names the rendered and reused pages of a build that counted them', () => {
    expect(pagesText({ page_count: 1111, pages_rendered: 23, pages_reused: 1088 })).toBe(
      '1111 pages: 23 rendered, 1088 reused',
    );
    expect(pagesText({ page_count: 28, pages_rendered: 28, pages_reused: 0 })).toBe('28 pages: 28 rendered, 0 reused');
  });

  it('gives only the page count for a build that did not count them (before #17, or a host that did not say)', () => {
    expect(pagesText({ page_count: 28, pages_rendered: null, pages_reused: null })).toBe('28 pages');
    expect(pagesText({ page_count: null, pages_rendered: null, pages_reused: null })).toBe('0 pages');
  });
});
