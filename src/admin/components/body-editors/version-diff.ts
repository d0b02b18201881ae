/**
 * What changed between two states of a page's or post's body (#30), shaped for Version History's comparison: the
 * fields side by side, the markdown as a line diff with the changed words marked within changed lines, and the
 * blocks and sections added, removed or changed. The diffing is jsdiff's (npm `diff`); this module only shapes it.
 * Loaded with the comparison, never with the editors.
 */
import { diffArrays, diffLines, diffWordsWithSpace, type Change } from 'diff';
import { BLOCK_TYPE_LABEL } from './body-values';
import type { BodySnapshot } from './version-snapshot';

/** A run of text, marked when it is what changed. */
export interface Segment {
  text: string;
  changed: boolean;
}

export type DiffLine =
  | { kind: 'same'; text: string; before: number; after: number }
  | { kind: 'removed'; segments: Segment[]; before: number }
  | { kind: 'added'; segments: Segment[]; after: number }
  | { kind: 'skipped'; count: number };

export interface FieldDiff {
  label: string;
  before: Segment[];
  after: Segment[];
  changed: boolean;
}

export interface ItemDiff {
  kind: 'added' | 'removed' | 'changed' | 'same';
  label: string;
  before?: Segment[];
  after?: Segment[];
}

export interface VersionDiff {
  fields: FieldDiff[];
  content: DiffLine[];
  contentChanged: boolean;
  blocks: ItemDiff[];
  sections: ItemDiff[];
}

/** Lines longer than this are marked whole: a word diff of them would cost more than it tells. */
const INLINE_LIMIT = 2000;
/** How long a line diff may take before it gives up and shows all of one side removed and the other added. */
const LINE_DIFF_TIMEOUT_MS = 1500;

/** `before` and `after` with the words that differ marked on each side. */
export function inlineDiff(before: string, after: string): { before: Segment[]; after: Segment[] } {
  if (before === after) return { before: [{ text: before, changed: false }], after: [{ text: after, changed: false }] };
  if (before.length > INLINE_LIMIT || after.length > INLINE_LIMIT)
    return { before: [{ text: before, changed: true }], after: [{ text: after, changed: true }] };
  const parts = diffWordsWithSpace(before, after);
  const side = (drop: 'added' | 'removed') =>
    merge(parts.filter((p) => !p[drop]).map((p) => ({ text: p.value, changed: p.added || p.removed })));
  return { before: side('added'), after: side('removed') };
}

/** Joins neighbouring segments of the same kind; drops empty ones. */
function merge(segments: Segment[]): Segment[] {
  const out: Segment[] = [];
  for (const s of segments) {
    if (!s.text) continue;
    const last = out.at(-1);
    if (last && last.changed === s.changed) last.text += s.text;
    else out.push({ ...s });
  }
  return out;
}

const linesOf = (value: string) => value.replace(/\n$/, '').split('\n');
/** One line ending for all, and one at the end, so that a last line compares with itself wherever it stands. */
const normalised = (text: string) => {
  const unix = text.replace(/\r\n?/g, '\n');
  return unix && !unix.endsWith('\n') ? `${unix}\n` : unix;
};

/**
 * The markdown as lines: unchanged, removed, added (a changed line is a removed one then an added one, its changed
 * words marked on each), with unchanged runs beyond `context` lines of a change folded into 'skipped'.
 */
export function lineDiff(before: string, after: string, { context = 2 } = {}): DiffLine[] {
  const [a, b] = [normalised(before), normalised(after)];
  const changes: Change[] = diffLines(a, b, { timeout: LINE_DIFF_TIMEOUT_MS }) ?? [
    { value: a, removed: true, added: false, count: 0 },
    { value: b, added: true, removed: false, count: 0 },
  ];
  const lines: DiffLine[] = [];
  let [nBefore, nAfter] = [1, 1];
  for (let i = 0; i < changes.length; i++) {
    const change = changes[i];
    if (!change.value) continue;
    if (!change.added && !change.removed) {
      for (const text of linesOf(change.value)) lines.push({ kind: 'same', text, before: nBefore++, after: nAfter++ });
      continue;
    }
    // A removal and the addition after it are one change: their lines pair up, and pairs mark their words.
    const removed = change.removed ? linesOf(change.value) : [];
    const nextAdded = change.removed && changes[i + 1]?.added ? changes[++i] : change.added ? change : undefined;
    const added = nextAdded ? linesOf(nextAdded.value) : [];
    const pairs = removed.map((r, j) => (j < added.length ? inlineDiff(r, added[j]) : undefined));
    removed.forEach((text, j) =>
      lines.push({ kind: 'removed', segments: pairs[j]?.before ?? [{ text, changed: true }], before: nBefore++ }),
    );
    added.forEach((text, j) =>
      lines.push({ kind: 'added', segments: pairs[j]?.after ?? [{ text, changed: true }], after: nAfter++ }),
    );
  }
  return fold(lines, context);
}

/** Folds runs of unchanged lines farther than `context` from any change. */
function fold(lines: DiffLine[], context: number): DiffLine[] {
  const near = lines.map(() => false);
  lines.forEach((l, i) => {
    if (l.kind === 'same') return;
    for (let j = Math.max(0, i - context); j <= Math.min(lines.length - 1, i + context); j++) near[j] = true;
  });
  const out: DiffLine[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (near[i] || lines[i].kind !== 'same') {
      out.push(lines[i]);
      continue;
    }
    const last = out.at(-1);
    if (last?.kind === 'skipped') last.count++;
    else out.push({ kind: 'skipped', count: 1 });
  }
  return out;
}

/** JSON with object keys sorted, so that equal content compares equal whatever order its keys came in. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** A block as staff read it: its text (and author), an image's address and alt text, else its JSON. */
export function blockText(b: BodySnapshot['blocks'][number]): string {
  const c = b.content;
  let text: string;
  if (b.block_type === 'image')
    text = [str(c.url), str(c.alt) && `Alt text: ${str(c.alt)}`, str(c.caption) && `Caption: ${str(c.caption)}`]
      .filter(Boolean)
      .join('\n');
  else if (b.block_type === 'quote')
    text = [str(c.text), str(c.author) && `— ${str(c.author)}`].filter(Boolean).join('\n');
  else if (typeof c.text === 'string') text = c.text;
  else text = JSON.stringify(c, null, 2);
  return b.is_active ? text : `${text}\n(hidden)`;
}

/** A section as staff read it: its title and text, else its JSON. */
export function sectionText(s: BodySnapshot['sections'][number]): string {
  const c = s.section_content;
  const text =
    typeof c.title === 'string' || typeof c.content === 'string'
      ? [str(c.title), str(c.content)].filter(Boolean).join('\n\n')
      : JSON.stringify(c, null, 2);
  return s.is_active ? text : `${text}\n(hidden)`;
}

/**
 * Two lists item by item: unchanged, added, removed, or changed (a removed item and an added one in its place that
 * `pairable` says are the same item edited). Each item is compared whole (`key`), and shown as `text`.
 */
function listDiff<T>(
  before: T[],
  after: T[],
  {
    key,
    text,
    label,
    pairable,
  }: {
    key: (t: T) => string;
    text: (t: T) => string;
    label: (t: T, position: number) => string;
    pairable: (a: T, b: T) => boolean;
  },
): ItemDiff[] {
  const changes = diffArrays(before.map(key), after.map(key));
  const out: ItemDiff[] = [];
  let [i, j] = [0, 0];
  for (let c = 0; c < changes.length; c++) {
    const change = changes[c];
    if (!change.added && !change.removed) {
      for (let k = 0; k < change.count; k++, i++, j++) out.push({ kind: 'same', label: label(after[j], j + 1) });
      continue;
    }
    const removed = change.removed ? before.slice(i, (i += change.count)) : [];
    const next = change.removed && changes[c + 1]?.added ? changes[++c] : change.added ? change : undefined;
    const added = next ? after.slice(j, (j += next.count)) : [];
    const [firstRemoved, firstAdded] = [i - removed.length, j - added.length];
    const paired = removed.map((r, k) => k < added.length && pairable(r, added[k]));
    removed.forEach((r, k) => {
      if (!paired[k]) {
        out.push({
          kind: 'removed',
          label: label(r, firstRemoved + k + 1),
          before: [{ text: text(r), changed: true }],
        });
        return;
      }
      const { before: was, after: is } = inlineDiff(text(r), text(added[k]));
      out.push({ kind: 'changed', label: label(added[k], firstAdded + k + 1), before: was, after: is });
    });
    added.forEach((a, k) => {
      if (!paired[k])
        out.push({ kind: 'added', label: label(a, firstAdded + k + 1), after: [{ text: text(a), changed: true }] });
    });
  }
  return out;
}

/** Everything Version History shows of the change from `before` to `after`. */
export function diffBodies(before: BodySnapshot, after: BodySnapshot): VersionDiff {
  const field = (label: string, a: string, b: string): FieldDiff => ({ label, ...inlineDiff(a, b), changed: a !== b });
  const fields = [field('Title', before.title, after.title)];
  if (before.slug !== undefined && after.slug !== undefined) fields.push(field('URL Slug', before.slug, after.slug));
  const content = lineDiff(before.content, after.content);
  return {
    fields,
    content,
    contentChanged: content.some((l) => l.kind === 'added' || l.kind === 'removed'),
    blocks: listDiff(before.blocks, after.blocks, {
      key: stableJson,
      text: blockText,
      label: (b, n) => `${BLOCK_TYPE_LABEL[b.block_type] ?? b.block_type} block ${n}`,
      pairable: (a, b) => a.block_type === b.block_type,
    }),
    sections: listDiff(before.sections, after.sections, {
      key: stableJson,
      text: sectionText,
      label: (s, n) => `Section ${n}: ${s.section_name}`,
      pairable: () => true,
    }),
  };
}
