/**
 * The notices a plain form post comes back to (`/contact/?error=…#contact-error-email`, no JavaScript): the browser
 * scrolls the one targeted to the top of the window, under the sticky site header. Each keeps a scroll margin of the
 * header's height (its row and 1px border; 8rem on a phone, where it may wrap), so the header never covers it (#31). The e2e test
 * `tests/e2e/contact.spec.ts` measures it in a phone's viewport.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import FormNotices from '../../src/islands/shared/FormNotices';

const read = (file: string) => readFileSync(path.join(process.cwd(), file), 'utf8');

describe('the no-JavaScript form notices', () => {
  it('keep clear of the sticky header: a scroll margin of its height', () => {
    // The header: sticky, a row of --spacing-header (4rem) and a 1px bottom border.
    const header = /<header class="([^"]+)">\s*<div class="([^"]+)">/.exec(read('src/components/SiteNav.astro'))!;
    expect(header[1].split(' ')).toEqual(expect.arrayContaining(['sticky', 'top-0', 'border-b']));
    expect(header[2].split(' ')).toContain('min-h-header');
    expect(read('src/styles/global.css')).toMatch(/--spacing-header: 4rem;/);

    for (const kind of ['contact', 'subscribe'] as const) {
      const { container, unmount } = render(<FormNotices kind={kind} />);
      const notices = [...container.querySelectorAll('p[id]')];
      expect(notices.length).toBeGreaterThan(0);
      // On a phone the header may wrap to two rows (about 100 px on a Pixel 7): 8rem there, its height above.
      for (const notice of notices)
        expect(notice.className.split(' '), notice.id).toEqual(
          expect.arrayContaining(['scroll-mt-32', 'sm:scroll-mt-[calc(var(--spacing-header)+1px)]']),
        );
      unmount();
    }
  });
});
