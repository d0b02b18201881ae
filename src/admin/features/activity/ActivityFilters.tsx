/** The Activity tab's filters (#30): who, what kind of item, and which days (both inclusive, the browser's days). */
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/native-select';
import { ACTOR_OPTIONS, TABLE_OPTIONS, personName } from './describe';

export interface FilterValues {
  /** A user's id, 'service_role' or 'system'; '' for everyone. */
  actor: string;
  /** A table's name; '' for every table. */
  table: string;
  /** yyyy-mm-dd, or '' for no bound. */
  from: string;
  to: string;
}

export const NO_FILTERS: FilterValues = { actor: '', table: '', from: '', to: '' };

export function ActivityFilters({
  value,
  people,
  onChange,
}: {
  value: FilterValues;
  people: ReadonlyArray<{ id: string; username: string | null; full_name: string | null }>;
  onChange: (value: FilterValues) => void;
}) {
  const id = useId();
  const set = (patch: Partial<FilterValues>) => onChange({ ...value, ...patch });
  const filtered = Object.values(value).some(Boolean);
  return (
    <div className="grid items-end gap-3 sm:grid-cols-2 lg:grid-cols-5" role="group" aria-label="Filter the activity">
      <div>
        <Label htmlFor={`${id}-actor`}>Person</Label>
        <NativeSelect id={`${id}-actor`} value={value.actor} onChange={(e) => set({ actor: e.target.value })}>
          <option value="">Everyone</option>
          {people.map((p) => (
            <option key={p.id} value={p.id}>
              {personName(p)}
            </option>
          ))}
          {ACTOR_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div>
        <Label htmlFor={`${id}-table`}>What</Label>
        <NativeSelect id={`${id}-table`} value={value.table} onChange={(e) => set({ table: e.target.value })}>
          <option value="">Everything</option>
          {TABLE_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div>
        <Label htmlFor={`${id}-from`}>From</Label>
        <Input id={`${id}-from`} type="date" value={value.from} onChange={(e) => set({ from: e.target.value })} />
      </div>
      <div>
        <Label htmlFor={`${id}-to`}>To</Label>
        <Input id={`${id}-to`} type="date" value={value.to} onChange={(e) => set({ to: e.target.value })} />
      </div>
      <div>
        <Button type="button" variant="secondary" disabled={!filtered} onClick={() => onChange(NO_FILTERS)}>
          Clear filters
        </Button>
      </div>
    </div>
  );
}
