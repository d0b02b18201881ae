/**
 * Version History (spec): the versions a page or post recorded at each save, newest first, each with 'View' (what
 * it holds) and 'Restore', which only loads it into the editor ('Version restored to editor. Save to apply
 * changes.'); nothing is written until staff save. Above them (#30), any two versions, or a version and the form as
 * it is now, can be compared (VersionCompare).
 */
import { format } from 'date-fns/format';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogTitle, DialogTrigger } from '../../../components/ui/dialog';
import { useVersionsQuery, type VersionParent } from '../../data/content-versions/versions-query';
import { QueryState } from '../QueryState';
import { countOf } from '../../lib/plural';
import type { Json } from '../../lib/supabase';
import { CompareVersions } from './CompareVersions';

const obj = (v: Json): Record<string, Json | undefined> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, Json | undefined>) : {};
const count = (v: Json | undefined) => (Array.isArray(v) ? v.length : 0);

export function VersionHistory({ parent, onRestore }: { parent: VersionParent; onRestore: (data: Json) => void }) {
  const versions = useVersionsQuery(parent);
  return (
    <QueryState query={versions} what="versions" empty={<p className="text-sm text-stone-700">No versions yet.</p>}>
      {(rows) => (
        <>
          <CompareVersions versions={rows} />
          <ol className="divide-y divide-stone-200">
            {rows.map((v, i) => {
              const data = obj(v.version_data);
              const when = format(new Date(v.created_at), 'PPP p');
              return (
                <li key={v.id} className="flex flex-wrap items-center gap-3 py-3">
                  <div className="min-w-0 flex-1">
                    <p className="font-semibold">
                      {when}
                      {i === 0 && <span className="ml-2 text-sm font-normal text-stone-600">(latest)</span>}
                    </p>
                    <p className="text-sm text-stone-700">
                      by {v.created_by} · {countOf(count(data.blocks), 'block')} ·{' '}
                      {countOf(count(data.sections), 'section')}
                      {typeof data.change_note === 'string' && <> · “{data.change_note}”</>}
                    </p>
                  </div>
                  <Dialog>
                    <DialogTrigger asChild>
                      <Button type="button" variant="secondary" size="sm" aria-label={`View version of ${when}`}>
                        View
                      </Button>
                    </DialogTrigger>
                    <DialogContent className="max-h-[85vh] max-w-3xl overflow-auto">
                      <DialogTitle>Version of {when}</DialogTitle>
                      {typeof data.title === 'string' && <p className="mt-3 font-semibold">{data.title}</p>}
                      {typeof data.content === 'string' && (
                        <pre className="mt-3 max-h-80 overflow-auto whitespace-pre-wrap rounded bg-stone-100 p-3 text-sm">
                          {data.content}
                        </pre>
                      )}
                      <details className="mt-3">
                        <summary className="cursor-pointer text-sm font-semibold">Blocks and sections (JSON)</summary>
                        <pre className="mt-2 max-h-80 overflow-auto rounded bg-stone-100 p-3 text-xs">
                          {JSON.stringify({ blocks: data.blocks ?? [], sections: data.sections ?? [] }, null, 2)}
                        </pre>
                      </details>
                    </DialogContent>
                  </Dialog>
                  <Button
                    type="button"
                    variant="secondary"
                    size="sm"
                    aria-label={`Restore version of ${when}`}
                    onClick={() => onRestore(v.version_data)}
                  >
                    Restore
                  </Button>
                </li>
              );
            })}
          </ol>
        </>
      )}
    </QueryState>
  );
}
