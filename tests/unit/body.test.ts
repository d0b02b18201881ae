/**
 * The body components (src/components/body) rendered as the build renders them, to static HTML in Node: the same
 * markup and classes the pages had, plus data-block-id and data-section-id; markdown through the one pipeline.
 * tests/admin/body.test.tsx renders the same fixtures in the browser environment.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import ContentBlocks from '../../src/components/body/ContentBlocks';
import Markdown from '../../src/components/body/Markdown';
import Sections from '../../src/components/body/Sections';
import { renderMarkdown } from '../../src/lib/markdown/render';
import {
  BLOCKS,
  BLOCKS_HTML,
  EDITED_BLOCKS,
  EDITED_BLOCKS_HTML,
  HOSTILE_HTML,
  HOSTILE_MARKDOWN,
  SECTIONS,
  SECTIONS_HTML,
} from '../helpers/body-fixtures';

describe('body components at build time', () => {
  it('render every block type as the pages did, each with its data-block-id', () => {
    expect(renderToStaticMarkup(createElement(ContentBlocks, { blocks: BLOCKS }))).toBe(BLOCKS_HTML);
  });

  it('leave out inactive blocks and order the rest by sort order', () => {
    expect(renderToStaticMarkup(createElement(ContentBlocks, { blocks: EDITED_BLOCKS }))).toBe(EDITED_BLOCKS_HTML);
  });

  it('render active sections in order, each with its data-section-id, from markdown or rendered HTML', () => {
    expect(renderToStaticMarkup(createElement(Sections, { sections: SECTIONS }))).toBe(SECTIONS_HTML);
  });

  it('render nothing for no blocks or sections', () => {
    expect(renderToStaticMarkup(createElement(ContentBlocks, { blocks: [] }))).toBe('');
    expect(renderToStaticMarkup(createElement(Sections, { sections: [] }))).toBe('');
  });

  it('render markdown through the pipeline, and the HTML the view models rendered as it is', () => {
    const html = renderMarkdown('## Hi', { topLevel: 2 });
    expect(renderToStaticMarkup(createElement(Markdown, { html }))).toBe(
      `<div class="post-content mt-8">${html}</div>`,
    );
    expect(renderToStaticMarkup(createElement(Markdown, { markdown: '# Hi', options: { topLevel: 2 } }))).toBe(
      `<div class="post-content mt-8">${html}</div>`,
    );
  });

  it('strip scripts, event handlers and javascript: links from markdown', () => {
    expect(
      renderToStaticMarkup(createElement(Markdown, { markdown: HOSTILE_MARKDOWN, options: { topLevel: 2 } })),
    ).toBe(HOSTILE_HTML);
  });
});
