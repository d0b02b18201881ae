/**
 * Activity (#30, D27): who changed what, newest first, 50 entries a page, filtered by person, kind of item and days;
 * each entry in words, with a link to its item. What is recorded and who may read it is the database's
 * (activity_log, admins only); this tab only reads it.
 */
import { useMemo, useState } from 'react';
import { ACTIVITY_PAGE_SIZE, useActivityLogQuery } from '../../data/activity-log/activity-log-query';
import { useActivityItemsQuery } from '../../data/activity-log/activity-items-query';
import { useStaffQuery } from '../../data/staff/staff-query';
import { Panel } from '../../components/Panel';
import { QueryState } from '../../components/QueryState';
import { Button } from '../../../components/ui/button';
import { countOf } from '../../lib/plural';
import { dayRange } from './activity-filters';
import { ActivityFilters, NO_FILTERS, type FilterValues } from './ActivityFilters';
import { ActivityItem } from './ActivityItem';
import { describeEntry, peopleOf, refsOf } from './describe';

const NO_ROWS: never[] = [];

export default function ActivityTab() {
  const [filters, setFilters] = useState<FilterValues>(NO_FILTERS);
  const [page, setPage] = useState(0);
  const log = useActivityLogQuery({
    actor: filters.actor || undefined,
    table: filters.table || undefined,
    ...dayRange(filters.from, filters.to),
    page,
  });
  const staff = useStaffQuery();
  const rows = log.data?.rows ?? NO_ROWS;
  const refs = useMemo(() => refsOf(rows), [rows]);
  const items = useActivityItemsQuery(refs);
  const context = useMemo(
    () => ({ people: peopleOf(staff.data ?? []), items: items.data ?? new Map<string, Record<string, unknown>>() }),
    [staff.data, items.data],
  );
  const total = log.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / ACTIVITY_PAGE_SIZE));
  const filter = (next: FilterValues) => {
    setFilters(next);
    setPage(0);
  };

  return (
    <Panel
      title="Activity"
      actions={
        <Button type="button" variant="secondary" disabled={log.isFetching} onClick={() => void log.refetch()}>
          {log.isFetching ? 'Refreshing...' : 'Refresh'}
        </Button>
      }
    >
      <p className="mb-4 text-sm text-stone-700">
        Every change to the site’s content and settings, newest first: who made it, when and what changed. A guest’s
        message or address is never copied here.
      </p>
      <ActivityFilters value={filters} people={staff.data ?? []} onChange={filter} />
      <div className="mt-4">
        <QueryState
          query={{ ...log, data: log.data?.rows }}
          what="activity"
          empty={
            <p className="text-stone-700">
              No activity{Object.values(filters).some(Boolean) ? ' matches these filters' : ' yet'}.
            </p>
          }
        >
          {(entries) => (
            <ol className="divide-y divide-stone-200" aria-label="Activity, newest first">
              {entries.map((e) => (
                <ActivityItem key={e.id} entry={e} described={describeEntry(e, context)} />
              ))}
            </ol>
          )}
        </QueryState>
      </div>
      {total > 0 && (
        <nav aria-label="Activity pages" className="mt-4 flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-stone-700">
            Page {page + 1} of {pages} · {countOf(total, 'entry', 'entries')}
          </p>
          <div className="flex gap-2">
            <Button type="button" variant="secondary" disabled={page === 0} onClick={() => setPage(page - 1)}>
              Newer
            </Button>
            <Button type="button" variant="secondary" disabled={page + 1 >= pages} onClick={() => setPage(page + 1)}>
              Older
            </Button>
          </div>
        </nav>
      )}
    </Panel>
  );
}
