/** One entry of the activity log: the sentence, when and in what, a link to the item, and the fields it changed. */
import { format } from 'date-fns/format';
import { formatHash } from '../../lib/hash-route';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { TABLES, type Described, type LogEntry } from './describe';

export function ActivityItem({ entry, described }: { entry: LogEntry; described: Described }) {
  const { sentence, changes, link } = described;
  const when = format(new Date(entry.happened_at), 'MMM d, yyyy h:mm a');
  const showBefore = entry.action !== 'insert';
  const showAfter = entry.action !== 'delete';
  return (
    <li className="py-3" data-action={entry.action} data-table={entry.table_name}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="min-w-0 flex-1 break-words text-stone-900">{sentence}</p>
        {link && (
          <a
            className="text-sm font-semibold text-maroon-800 underline-offset-4 hover:underline"
            href={formatHash(link.route)}
          >
            {link.label}
          </a>
        )}
      </div>
      <p className="text-sm text-stone-600">
        <time dateTime={entry.happened_at}>{when}</time> · {TABLES[entry.table_name]?.label ?? entry.table_name}
      </p>
      {changes.length > 0 && (
        <details className="mt-1 text-sm">
          <summary className="cursor-pointer text-stone-700">What changed</summary>
          <Table className="mt-1">
            <TableHeader>
              <TableRow>
                <TableHead>Field</TableHead>
                {showBefore && <TableHead>Before</TableHead>}
                {showAfter && <TableHead>After</TableHead>}
              </TableRow>
            </TableHeader>
            <TableBody>
              {changes.map((c) => (
                <TableRow key={c.field}>
                  <TableCell className="align-top font-semibold whitespace-nowrap">{c.label}</TableCell>
                  {showBefore && (
                    <TableCell className="max-w-80 align-top break-words whitespace-pre-wrap">{c.before}</TableCell>
                  )}
                  {showAfter && (
                    <TableCell className="max-w-80 align-top break-words whitespace-pre-wrap">{c.after}</TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </details>
      )}
    </li>
  );
}
