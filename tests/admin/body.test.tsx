/**
 * The body components (src/components/body) rendered in the browser environment, as the admin's live previews will
 * render them: the same HTML as the build's (tests/unit/body.test.ts, same fixtures), and markdown sanitised here
 * as in Node.
 */
import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import ContentBlocks from '../../src/components/body/ContentBlocks';
import Markdown from '../../src/components/body/Markdown';
import Sections from '../../src/components/body/Sections';
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

/**
 * A tree serialised with each element's attributes in name order and style declarations without spaces: React in
 * the browser sets an image's src last, and the DOM spaces out style declarations; neither changes the markup.
 */
function normalised(root: Element): string {
  for (const el of root.querySelectorAll('*')) {
    const attrs = [...el.attributes].map((a) => [a.name, a.value] as const).sort(([a], [b]) => a.localeCompare(b));
    for (const [name] of attrs) el.removeAttribute(name);
    for (const [name, value] of attrs) {
      el.setAttribute(name, name === 'style' ? value.replace(/\s+/g, '').replace(/;$/, '') : value);
    }
  }
  return root.innerHTML;
}
const parsed = (html: string) => {
  const div = document.createElement('div');
  div.innerHTML = html;
  return normalised(div);
};

describe('body components in the browser', () => {
  it('render blocks as the build does', () => {
    const { container } = render(<ContentBlocks blocks={BLOCKS} />);
    expect(normalised(container)).toBe(parsed(BLOCKS_HTML));
    expect([...container.querySelectorAll('[data-block-id]')].map((e) => e.getAttribute('data-block-id'))).toEqual(
      BLOCKS_HTML.match(/data-block-id="[^"]+"/g)!.map((a) => a.slice(15, -1)),
    );
  });

  it('leave out inactive blocks and order the rest by sort order', () => {
    const { container } = render(<ContentBlocks blocks={EDITED_BLOCKS} />);
    expect(normalised(container)).toBe(parsed(EDITED_BLOCKS_HTML));
  });

  it('render active sections in order as the build does', () => {
    const { container } = render(<Sections sections={SECTIONS} />);
    expect(normalised(container)).toBe(parsed(SECTIONS_HTML));
  });

  it('strip a script, event handlers and javascript: links from markdown here as in Node', () => {
    const { container } = render(<Markdown markdown={HOSTILE_MARKDOWN} options={{ topLevel: 2 }} />);
    expect(container.querySelector('script')).toBeNull();
    expect(container.innerHTML).not.toMatch(/onerror|javascript:/i);
    expect(normalised(container)).toBe(parsed(HOSTILE_HTML));
  });
});
