/** An address wraps at its slashes on a phone (#31), and reads the same to a screen reader and to find-in-page. */
import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { PathText } from '../../src/admin/components/PathText';

describe('PathText', () => {
  it('offers a line break after each slash, and keeps the text whole', () => {
    const { container } = render(<PathText path="/blog/walking-the-kora-at-dawn/" />);
    expect(container.textContent).toBe('/blog/walking-the-kora-at-dawn/');
    expect(container.querySelectorAll('wbr')).toHaveLength(3);
    expect(container.innerHTML).toContain('/<wbr>blog/<wbr>walking-the-kora-at-dawn/<wbr>');
  });
});
