/**
 * Version History's 'Compare' row (#30): pick any two versions, or a version and the form as it is now (unsaved
 * changes included), and see what changed, the older one first whichever way they were picked. The comparison
 * and the diff library are loaded when first asked for (or when the button is pointed at), never with the editor.
 */
import { Suspense, lazy, useId, useState } from 'react';
import { format } from 'date-fns/format';
import { useFormContext } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogTitle } from '../../../components/ui/dialog';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/native-select';
import { Spinner } from '../../../components/ui/spinner';
import type { Json } from '../../lib/supabase';
import { snapshotOfForm, snapshotOfVersion } from './version-snapshot';
import type { CompareProps } from './VersionCompare';

const loadCompare = () => import('./VersionCompare');
const VersionCompare = lazy(loadCompare);

/** The form as it is now, in the pickers. */
const CURRENT = 'current';

interface Version {
  id: string;
  version_data: Json;
  created_at: string;
}

export function CompareVersions({ versions }: { versions: Version[] }) {
  // The editor's form, when there is one around (the page and post editors); without it, versions only.
  const form = useFormContext() as ReturnType<typeof useFormContext> | null;
  const id = useId();
  const [picked, setPicked] = useState<{ from?: string; to?: string }>({});
  const [shown, setShown] = useState<CompareProps | null>(null);

  const valid = (key?: string) =>
    key !== undefined && (key === CURRENT ? Boolean(form) : versions.some((v) => v.id === key));
  // By default the two latest versions, or the only one and the form.
  const from = valid(picked.from) ? picked.from! : (versions[1] ?? versions[0]).id;
  const to = valid(picked.to) ? picked.to! : versions[1] ? versions[0].id : form ? CURRENT : versions[0].id;

  const position = (key: string) => (key === CURRENT ? -1 : versions.findIndex((v) => v.id === key));
  const label = (key: string) => {
    if (key === CURRENT) return 'The form now';
    const i = position(key);
    return `${format(new Date(versions[i].created_at), 'PPP p')}${i === 0 ? ' (latest)' : ''}`;
  };
  const snapshot = (key: string) =>
    key === CURRENT ? snapshotOfForm(form!.getValues()) : snapshotOfVersion(versions[position(key)].version_data);

  function compare() {
    const [older, newer] = position(from) >= position(to) ? [from, to] : [to, from];
    setShown({ before: snapshot(older), after: snapshot(newer), beforeLabel: label(older), afterLabel: label(newer) });
  }

  const options = (
    <>
      {form && <option value={CURRENT}>The form now (unsaved changes included)</option>}
      {versions.map((v) => (
        <option key={v.id} value={v.id}>
          {label(v.id)}
        </option>
      ))}
    </>
  );
  return (
    <div
      role="group"
      aria-label="Compare versions"
      className="mb-4 flex flex-wrap items-end gap-3 rounded-md border border-stone-200 p-3"
    >
      <div className="min-w-48 flex-1">
        <Label htmlFor={`${id}-from`}>Compare</Label>
        <NativeSelect id={`${id}-from`} value={from} onChange={(e) => setPicked({ from: e.target.value, to })}>
          {options}
        </NativeSelect>
      </div>
      <div className="min-w-48 flex-1">
        <Label htmlFor={`${id}-to`}>with</Label>
        <NativeSelect id={`${id}-to`} value={to} onChange={(e) => setPicked({ from, to: e.target.value })}>
          {options}
        </NativeSelect>
      </div>
      <Button
        type="button"
        variant="secondary"
        onClick={compare}
        onPointerEnter={() => void loadCompare()}
        onFocus={() => void loadCompare()}
      >
        Show changes
      </Button>
      <Dialog open={shown !== null} onOpenChange={(open) => !open && setShown(null)}>
        <DialogContent className="w-[min(64rem,96vw)]" aria-describedby={undefined}>
          {shown && (
            <>
              <DialogTitle>
                Changes from {shown.beforeLabel} to {shown.afterLabel}
              </DialogTitle>
              <Suspense fallback={<Spinner label="Loading the comparison" />}>
                <VersionCompare {...shown} />
              </Suspense>
            </>
          )}
        </DialogContent>
      </Dialog>
    </div>
  );
}
