/**
 * The page list (spec: Pages Management): the built-in pages of the route registry that have no stored page at
 * their address, then the stored pages, newest update first. A built-in page offers Convert (D20) and refuses
 * Delete ('Cannot delete static pages'); a stored page offers Edit and Delete, with the spec's confirmation.
 */
import { format } from 'date-fns/format';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Confirm } from '../../components/Confirm';
import { formatHash } from '../../lib/hash-route';
import { toast } from '../../lib/toast';
import { convertible } from './page-input-schema';
import { pagePath } from '../../../lib/sitemap/entries';

export const DELETE_PAGE_TEXT =
  'Are you sure you want to delete this page? This will also delete all content blocks and sections associated with this page.';

export interface StoredPageRow {
  id: string;
  title: string;
  slug: string;
  custom_url: string | null;
  is_published: boolean;
  preview_mode: boolean;
  updated_at: string;
}

export interface StaticPageRow {
  path: string;
  title: string;
}

function Status({ page }: { page: StoredPageRow }) {
  if (page.is_published) return <Badge variant="success">Published</Badge>;
  return (
    <>
      <Badge variant="muted">Draft</Badge>
      {page.preview_mode && <Badge variant="warning">Preview</Badge>}
    </>
  );
}

export function PageList({
  statics,
  pages,
  openId,
  converting,
  onConvert,
  onDelete,
}: {
  statics: StaticPageRow[];
  pages: StoredPageRow[];
  openId?: string;
  /** The path being converted, while its conversion runs. */
  converting?: string;
  onConvert: (route: StaticPageRow) => void;
  onDelete: (page: StoredPageRow) => void;
}) {
  return (
    <ul className="divide-y divide-stone-200">
      {statics.map((r) => (
        <li key={r.path} className="flex flex-wrap items-center gap-3 py-3">
          <div className="min-w-0 flex-1 basis-full sm:basis-0">
            <p className="font-semibold">
              {r.title} <Badge variant="outline">Static</Badge> <Badge variant="success">Published</Badge>
            </p>
            <p className="text-sm text-stone-600">
              <span className="font-mono">{r.path}</span> · built into the site
            </p>
          </div>
          <Button asChild variant="secondary" size="sm">
            <a href={r.path} target="_blank" rel="noreferrer" aria-label={`View ${r.title}`}>
              View
            </a>
          </Button>
          {convertible(r.path) ? (
            <Confirm
              title={`Convert ${r.title} to an editable page?`}
              description={
                <>
                  <p>
                    A stored page is made at {r.path} with this page&apos;s headings and text, as a draft, and opens for
                    editing.
                  </p>
                  <p className="mt-2">
                    While it is published, guests get it at {r.path} instead of the built-in page (with anything
                    interactive on it, such as a form). Unpublish or delete it to bring the built-in page back.
                  </p>
                </>
              }
              confirmLabel="Convert"
              onConfirm={() => onConvert(r)}
              trigger={
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={converting === r.path}
                  aria-label={`Convert ${r.title}`}
                >
                  {converting === r.path ? 'Converting...' : 'Convert'}
                </Button>
              }
            />
          ) : (
            <span className="text-sm text-stone-600">Edit its title and description in Page SEO</span>
          )}
          <Button
            variant="danger"
            size="sm"
            aria-label={`Delete ${r.title}`}
            onClick={() => toast.error('Cannot delete static pages')}
          >
            Delete
          </Button>
        </li>
      ))}
      {pages.map((p) => {
        const address = pagePath(p);
        return (
          <li key={p.id} className="flex flex-wrap items-center gap-3 py-3" aria-current={p.id === openId || undefined}>
            <div className="min-w-0 flex-1 basis-full sm:basis-0">
              <p className="font-semibold">
                {p.title} <Status page={p} />
                {convertible(address) && (
                  <>
                    {' '}
                    <Badge variant="outline">Replaces built-in page</Badge>
                  </>
                )}
              </p>
              <p className="text-sm text-stone-600">
                <span className="font-mono">{address}</span>
                {' · '}updated {format(new Date(p.updated_at), 'PPP p')}
              </p>
            </div>
            {(p.is_published || p.preview_mode) && (
              <Button asChild variant="secondary" size="sm">
                <a href={address} target="_blank" rel="noreferrer" aria-label={`View ${p.title}`}>
                  View
                </a>
              </Button>
            )}
            <Button asChild variant="secondary" size="sm">
              <a href={formatHash({ tab: 'pages', item: p.id })} aria-label={`Edit ${p.title}`}>
                Edit
              </a>
            </Button>
            <Confirm
              title="Delete this page?"
              description={DELETE_PAGE_TEXT}
              onConfirm={() => onDelete(p)}
              trigger={
                <Button variant="danger" size="sm" aria-label={`Delete ${p.title}`}>
                  Delete
                </Button>
              }
            />
          </li>
        );
      })}
    </ul>
  );
}
