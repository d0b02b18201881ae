/** Version History's comparison (#30): fields side by side, markdown line by line with words marked, blocks and sections. */
import { describe, expect, it } from 'vitest';
import {
  diffBodies,
  inlineDiff,
  lineDiff,
  stableJson,
  type DiffLine,
} from '../../src/admin/components/body-editors/version-diff';
import {
  snapshotOfForm,
  snapshotOfVersion,
  type BodySnapshot,
} from '../../src/admin/components/body-editors/version-snapshot';

/** A line as text: '-' / '+' / ' ' and the line, changed words in [brackets]; '…3' for three folded lines. */
const show = (lines: DiffLine[]) =>
  lines.map((l) => {
    if (l.kind === 'skipped') return `…${l.count}`;
    if (l.kind === 'same') return `  ${l.text}`;
    const text = l.segments.map((s) => (s.changed ? `[${s.text}]` : s.text)).join('');
    return `${l.kind === 'removed' ? '-' : '+'} ${text}`;
  });

const body = (extra: Partial<BodySnapshot> = {}): BodySnapshot => ({
  title: 'Walking the Kora',
  content: '',
  blocks: [],
  sections: [],
  ...extra,
});

describe('the text of two versions', () => {
  it('marks the words that changed within a changed line', () => {
    expect(show(lineDiff('# Kora\nWalk at dawn.\nThe end.', '# Kora\nWalk at sunrise, slowly.\nThe end.'))).toEqual([
      '  # Kora',
      '- Walk at [dawn].',
      '+ Walk at [sunrise, slowly].',
      '  The end.',
    ]);
  });

  it('shows lines added and removed whole, with their line numbers', () => {
    const lines = lineDiff('one\ntwo\nthree', 'one\nthree\nfour');
    expect(show(lines)).toEqual(['  one', '- [two]', '  three', '+ [four]']);
    expect(lines[1]).toMatchObject({ kind: 'removed', before: 2 });
    expect(lines[3]).toMatchObject({ kind: 'added', after: 3 });
  });

  it('pairs the lines of a changed run in order; the extra ones are whole', () => {
    expect(show(lineDiff('a b\nc d', 'a x\nc y\nnew'))).toEqual([
      '- a [b]',
      '- c [d]',
      '+ a [x]',
      '+ c [y]',
      '+ [new]',
    ]);
  });

  it('finds no change in a missing last newline or Windows line endings', () => {
    // Nothing changed: every line is folded away.
    expect(show(lineDiff('a\r\nb', 'a\nb\n'))).toEqual(['…2']);
    expect(diffBodies(body({ content: 'a\nb' }), body({ content: 'a\nb\n' })).contentChanged).toBe(false);
  });

  it('folds unchanged lines far from any change', () => {
    const text = Array.from({ length: 20 }, (_, i) => `line ${i + 1}`);
    const changed = [...text];
    changed[9] = 'line ten';
    expect(show(lineDiff(text.join('\n'), changed.join('\n')))).toEqual([
      '…7',
      '  line 8',
      '  line 9',
      '- line [10]',
      '+ line [ten]',
      '  line 11',
      '  line 12',
      '…8',
    ]);
  });

  it('marks words on each side', () => {
    expect(inlineDiff('the old road', 'the new road')).toEqual({
      before: [
        { text: 'the ', changed: false },
        { text: 'old', changed: true },
        { text: ' road', changed: false },
      ],
      after: [
        { text: 'the ', changed: false },
        { text: 'new', changed: true },
        { text: ' road', changed: false },
      ],
    });
  });
});

describe('the blocks and sections of two versions', () => {
  const text = (t: string, extra = {}) => ({ block_type: 'text', content: { text: t }, is_active: true, ...extra });
  const heading = (t: string) => ({ block_type: 'heading', content: { level: 2, text: t }, is_active: true });

  it('says which were added, removed and changed, and which stayed', () => {
    const before = body({ blocks: [heading('What to bring'), text('Water.'), text('Shoes.')] });
    const after = body({
      blocks: [
        { block_type: 'heading', content: { text: 'What to bring', level: 2 }, is_active: true },
        text('Water and tea.'),
        heading('After'),
      ],
    });
    const { blocks } = diffBodies(before, after);
    expect(blocks.map((b) => [b.kind, b.label])).toEqual([
      ['same', 'Heading block 1'],
      ['changed', 'Text block 2'],
      ['removed', 'Text block 3'],
      ['added', 'Heading block 3'],
    ]);
    expect(blocks[1].before?.filter((s) => s.changed)).toEqual([]);
    expect(blocks[1].after?.filter((s) => s.changed).map((s) => s.text)).toEqual([' and tea']);
    expect(blocks[3].after).toEqual([{ text: 'After', changed: true }]);
  });

  it('counts a hidden block as changed', () => {
    const { blocks } = diffBodies(body({ blocks: [text('A')] }), body({ blocks: [text('A', { is_active: false })] }));
    expect(blocks[0].kind).toBe('changed');
    expect(blocks[0].after?.map((s) => s.text).join('')).toBe('A\n(hidden)');
  });

  it('compares sections by their content', () => {
    const section = (name: string, title: string, content: string) => ({
      section_name: name,
      section_content: { title, content },
      is_active: true,
    });
    const { sections } = diffBodies(
      body({ sections: [section('Classes', 'Class times', 'Daily at four.')] }),
      body({ sections: [section('Classes', 'Class times', 'Daily at five.'), section('Map', 'Map', '')] }),
    );
    expect(sections.map((s) => [s.kind, s.label])).toEqual([
      ['changed', 'Section 1: Classes'],
      ['added', 'Section 2: Map'],
    ]);
  });

  it('sorts keys before comparing', () => {
    expect(stableJson({ b: 1, a: { d: [1, { f: 2, e: 1 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[1,{"e":1,"f":2}]},"b":1}',
    );
  });
});

describe('what is compared', () => {
  it('reads a version as Restore loads it, and the form as it stands', () => {
    const version = snapshotOfVersion({
      title: 'Kora',
      slug: 'kora',
      blocks: [{ block_type: 'text', content: { text: 'One.' }, sort_order: 0 }],
      sections: [],
    });
    // No content in the version: its text blocks stand for it, as when restored.
    expect(version).toEqual({
      title: 'Kora',
      slug: 'kora',
      content: 'One.',
      blocks: [{ block_type: 'text', content: { text: 'One.' }, is_active: true }],
      sections: [],
    });
    const form = snapshotOfForm({ title: 'Kora!', content: 'One.', blocks: [], sections: [] });
    expect(form.slug).toBeUndefined();
    const diff = diffBodies(version, form);
    // A side without a slug compares no slug.
    expect(diff.fields.map((f) => [f.label, f.changed])).toEqual([['Title', true]]);
    expect(diff.contentChanged).toBe(false);
    expect(diff.blocks.map((b) => b.kind)).toEqual(['removed']);
  });
});
