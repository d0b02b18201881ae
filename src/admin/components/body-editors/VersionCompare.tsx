/**
 * Version History's comparison (#30): two states of a page or post, older first. The fields side by side, the
 * markdown line by line (removed lines, then the added ones, the changed words marked within them), and the
 * blocks and sections added, removed or changed. Loaded only when staff compare (React.lazy), with the diff library.
 */
import { useMemo } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { countOf } from '../../lib/plural';
import { diffBodies, type DiffLine, type ItemDiff, type Segment } from './version-diff';
import type { BodySnapshot } from './version-snapshot';

export interface CompareProps {
  before: BodySnapshot;
  after: BodySnapshot;
  beforeLabel: string;
  afterLabel: string;
}

/** Text with its changed runs marked: struck out on the older side, underlined on the newer. */
function Marked({ segments, as }: { segments: Segment[]; as: 'del' | 'ins' }) {
  const Mark = as;
  return (
    <>
      {segments.map((s, i) =>
        s.changed ? (
          <Mark
            key={i}
            className={as === 'del' ? 'bg-red-200 text-red-950' : 'bg-emerald-200 text-emerald-950 no-underline'}
          >
            {s.text}
          </Mark>
        ) : (
          <span key={i}>{s.text}</span>
        ),
      )}
    </>
  );
}

function Line({ line }: { line: DiffLine }) {
  if (line.kind === 'skipped')
    return <li className="px-2 py-1 text-stone-700 italic">… {countOf(line.count, 'unchanged line')}</li>;
  const [number, sign, tone, text] =
    line.kind === 'same'
      ? [line.after, ' ', '', <span key="t">{line.text}</span>]
      : line.kind === 'removed'
        ? [line.before, '−', 'bg-red-50', <Marked key="t" segments={line.segments} as="del" />]
        : [line.after, '+', 'bg-emerald-50', <Marked key="t" segments={line.segments} as="ins" />];
  return (
    <li className={`flex gap-2 px-2 ${tone}`} data-line={line.kind}>
      <span aria-hidden="true" className="w-8 shrink-0 text-right text-stone-700 select-none">
        {number}
      </span>
      <span aria-hidden="true" className="w-3 shrink-0 select-none">
        {sign}
      </span>
      <span className="min-w-0 flex-1 break-words whitespace-pre-wrap">
        {line.kind !== 'same' && <span className="sr-only">{line.kind === 'removed' ? 'Removed: ' : 'Added: '}</span>}
        {text}
      </span>
    </li>
  );
}

const KIND = {
  added: { label: 'Added', variant: 'success' },
  removed: { label: 'Removed', variant: 'danger' },
  changed: { label: 'Changed', variant: 'warning' },
} as const;

function Items({ title, items, labels }: { title: string; items: ItemDiff[]; labels: [string, string] }) {
  const changed = items.filter((i) => i.kind !== 'same');
  const same = items.length - changed.length;
  return (
    <section>
      <h3 className="font-sans text-base font-semibold">{title}</h3>
      {!changed.length ? (
        <p className="text-sm text-stone-700">No change{items.length ? '' : ' (none on either side)'}.</p>
      ) : (
        <ul className="mt-2 space-y-2">
          {changed.map((item, i) => {
            const kind = KIND[item.kind as keyof typeof KIND];
            return (
              <li key={i} className="rounded-md border border-stone-200 p-3">
                <p className="flex flex-wrap items-center gap-2">
                  <Badge variant={kind.variant}>{kind.label}</Badge>
                  <span className="font-semibold">{item.label}</span>
                </p>
                <div className="mt-2 grid gap-3 text-sm md:grid-cols-2">
                  {item.before && (
                    <div>
                      <p className="text-xs text-stone-700">{labels[0]}</p>
                      <p className="break-words whitespace-pre-wrap">
                        <Marked segments={item.before} as="del" />
                      </p>
                    </div>
                  )}
                  {item.after && (
                    <div>
                      <p className="text-xs text-stone-700">{labels[1]}</p>
                      <p className="break-words whitespace-pre-wrap">
                        <Marked segments={item.after} as="ins" />
                      </p>
                    </div>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {changed.length > 0 && same > 0 && (
        <p className="mt-1 text-sm text-stone-700">{countOf(same, 'other')} unchanged.</p>
      )}
    </section>
  );
}

export default function VersionCompare({ before, after, beforeLabel, afterLabel }: CompareProps) {
  const diff = useMemo(() => diffBodies(before, after), [before, after]);
  const labels: [string, string] = [beforeLabel, afterLabel];
  return (
    <div className="mt-4 space-y-6">
      <section>
        <h3 className="font-sans text-base font-semibold">Fields</h3>
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Field</TableHead>
              <TableHead>{beforeLabel}</TableHead>
              <TableHead>{afterLabel}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {diff.fields.map((f) => (
              <TableRow key={f.label} data-changed={f.changed}>
                <TableCell className="align-top font-semibold whitespace-nowrap">
                  {f.label}
                  {!f.changed && <span className="font-normal text-stone-700"> (same)</span>}
                </TableCell>
                <TableCell className="align-top break-words">
                  <Marked segments={f.before} as="del" />
                </TableCell>
                <TableCell className="align-top break-words">
                  <Marked segments={f.after} as="ins" />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </section>
      <section>
        <h3 className="font-sans text-base font-semibold">Content</h3>
        {diff.contentChanged ? (
          <ol
            aria-label="Content, line by line"
            className="mt-2 rounded-md border border-stone-200 py-1 font-mono text-sm"
          >
            {diff.content.map((line, i) => (
              <Line key={i} line={line} />
            ))}
          </ol>
        ) : (
          <p className="text-sm text-stone-700">No change to the text.</p>
        )}
      </section>
      <Items title="Content Blocks" items={diff.blocks} labels={labels} />
      <Items title="Sections" items={diff.sections} labels={labels} />
    </div>
  );
}
