/**
 * The cafe page's text blocks fill their sections by the key each names (#31), not by position: deleting one never
 * moves another's text under a different heading.
 */
import { describe, expect, it } from 'vitest';
import { CAFE_SECTIONS, cafeSections } from '../../src/data/cafe';

const block = (section: string | undefined, text = `Text of ${section}`) => ({
  id: `b-${section ?? text}`,
  text,
  content: section ? { text, section } : { text },
});
const shown = (blocks: ReturnType<typeof block>[]) =>
  Object.fromEntries(cafeSections(blocks).map((s) => [s.key, s.block?.text ?? `fallback: ${s.fallback}`]));

describe('cafe sections', () => {
  const all = CAFE_SECTIONS.map((s) => block(s.key));

  it('puts each block under the section it names', () => {
    expect(shown(all)).toEqual(Object.fromEntries(CAFE_SECTIONS.map((s) => [s.key, `Text of ${s.key}`])));
  });

  it('after one block is deleted, shows that section’s standard text and moves no other', () => {
    const rest = all.filter((b) => b.content.section !== 'intro');
    const sections = shown(rest);
    expect(sections.intro).toBe(`fallback: ${CAFE_SECTIONS[1].fallback}`);
    expect(sections.philosophy).toBe('Text of philosophy');
    expect(sections.menu).toBe('Text of menu');
    expect(sections.welcome).toBe('Text of welcome');
  });

  it('keeps the order it is given out of it: reordered blocks stay under their headings', () => {
    expect(shown([...all].reverse())).toEqual(shown(all));
  });

  it('lets a block that names no section fill the first one left, and shows one block per section', () => {
    const blocks = [block('hero'), block(undefined, 'A new notice'), block('hero', 'A second hero'), block('intro')];
    const sections = shown(blocks);
    expect(sections.hero).toBe('Text of hero');
    expect(sections.intro).toBe('Text of intro');
    expect(sections.philosophy).toBe('A new notice');
    expect(Object.values(sections)).not.toContain('A second hero');
  });

  it('leaves out blocks without text', () => {
    expect(shown([block('hero', '  ')]).hero).toBe(`fallback: ${CAFE_SECTIONS[0].fallback}`);
  });
});
