/**
 * Pages (spec: Pages Management): the list of built-in and stored pages with 'N pages total (x static, y dynamic)',
 * Hide/Show Static Pages, Add New Page, Convert (D20), Edit and Delete; and the editor card ('Create New Page' at
 * #pages/new, 'Edit Page: {title}' at #pages/<id>) with its live preview.
 */
import { useEffect, useRef, useState } from 'react';
import type { TabProps } from '../../AdminApp';
import { usePagesQuery } from '../../data/pages/pages-query';
import { usePageQuery } from '../../data/pages/page-query';
import { usePageDeleteMutation } from '../../data/pages/page-delete-mutation';
import { usePageSaveMutation } from '../../data/pages/page-save-mutation';
import { contentListRoutes } from '../../../routes';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { Panel } from '../../components/Panel';
import { LoadFailed, QueryState } from '../../components/QueryState';
import { formatHash } from '../../lib/hash-route';
import { countOf } from '../../lib/plural';
import { toast } from '../../lib/toast';
import { PageEditor } from './PageEditor';
import type { PageEditorTab } from './page-editor-tabs';
import { PageList, type StaticPageRow } from './PageList';
import { pagePath } from '../../../lib/sitemap/entries';

const go = (item?: string) => {
  window.location.hash = formatHash({ tab: 'pages', item });
};

/** 'N pages total (x static, y dynamic)' (spec), with the singular where it reads better. */
export const pagesTotal = (statics: number, dynamic: number) =>
  `${countOf(statics + dynamic, 'page')} total (${statics} static, ${dynamic} dynamic)`;

export default function PagesTab({ item }: TabProps) {
  const id = item && item !== 'new' ? item : undefined;
  const creating = item === 'new';
  const pages = usePagesQuery();
  const detail = usePageQuery(id);
  const remove = usePageDeleteMutation();
  const convert = usePageSaveMutation();
  const [showStatic, setShowStatic] = useState(true);
  const [converting, setConverting] = useState<string>();
  const [tab, setTab] = useState<PageEditorTab>('content');

  // An id that is no page (deleted, or a stale link): say so and go back to the list.
  useEffect(() => {
    if (id && detail.isSuccess && detail.data === null) {
      toast.error('Page not found', 'It may have been deleted.');
      history.replaceState(history.state, '', formatHash({ tab: 'pages' }));
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    }
  }, [id, detail.isSuccess, detail.data]);

  // Opening a page (Edit in the list, below the editor) brings the editor into view.
  const editorTop = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (id || creating) editorTop.current?.scrollIntoView({ block: 'start' });
  }, [id, creating]);

  async function convertRoute(route: StaticPageRow) {
    setConverting(route.path);
    try {
      // turndown comes with the conversion only, not with the tab.
      const { staticPageStart } = await import('./static-page-markdown');
      let start;
      try {
        start = await staticPageStart(route.path, route.title);
      } catch (err) {
        toast.error(
          'Failed to create editable page',
          `The page at ${route.path} could not be read: ${err instanceof Error ? err.message : String(err)}`,
        );
        return;
      }
      const saved = await convert.mutateAsync({
        page: {
          title: start.title,
          slug: route.path.replace(/^\/|\/$/g, '').replace(/\//g, '-'),
          custom_url: route.path,
          content: start.content,
          // The built-in page's own head, so the converted page keeps its title in search results (#31).
          meta_title: start.metaTitle || null,
          meta_description: start.metaDescription || null,
          seo_description: start.metaDescription || null,
          is_published: false,
        },
        blocks: [],
        sections: start.sections.map((s, i) => ({ ...s, is_active: true, sort_order: i })),
        action: 'convert',
      });
      toast.success('Page converted to editable format');
      setTab('content');
      go(saved.id);
    } catch {
      // the mutation's meta has said why
    } finally {
      setConverting(undefined);
    }
  }

  const editing = id ? detail.data : null;
  const stored = pages.data ?? [];
  const taken = new Set(stored.map(pagePath));
  const statics: StaticPageRow[] = contentListRoutes
    .filter((r) => !taken.has(r.path))
    .map((r) => ({ path: r.path, title: r.title }));

  return (
    <div className="space-y-6" ref={editorTop}>
      {(creating || id) && (
        <Panel title={editing ? `Edit Page: ${editing.page.title}` : 'Create New Page'}>
          {id && detail.isError ? (
            <LoadFailed query={detail} what="page" />
          ) : id && !detail.isSuccess ? (
            <Spinner />
          ) : (
            <PageEditor
              key={editing ? `${editing.page.id}@${editing.page.updated_at}` : 'new'}
              detail={editing ?? null}
              tab={tab}
              onTab={setTab}
              onSaved={(saved, created) => {
                if (created) go(saved.id);
              }}
              onCancel={() => {
                setTab('content');
                go();
              }}
            />
          )}
        </Panel>
      )}
      <Panel
        title="Pages"
        actions={
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" aria-pressed={!showStatic} onClick={() => setShowStatic((s) => !s)}>
              {showStatic ? 'Hide Static Pages' : 'Show Static Pages'}
            </Button>
            <Button
              onClick={() => {
                setTab('content');
                go('new');
              }}
            >
              Add New Page
            </Button>
          </div>
        }
      >
        <QueryState query={pages} what="pages">
          {(rows) => (
            <div className="space-y-4">
              <p className="text-stone-700" data-testid="pages-total">
                {pagesTotal(statics.length, rows.length)}
              </p>
              <PageList
                statics={showStatic ? statics : []}
                pages={rows}
                openId={id}
                converting={converting}
                onConvert={(r) => void convertRoute(r)}
                onDelete={(p) =>
                  remove.mutate(p, {
                    onSuccess: () => {
                      toast.success('Page deleted successfully');
                      if (p.id === id) go();
                    },
                  })
                }
              />
              {rows.length === 0 && (
                <div className="rounded-md border border-dashed border-stone-400 p-6 text-center">
                  <p className="font-semibold">No pages yet</p>
                  <Button className="mt-3" onClick={() => go('new')}>
                    Create First Page
                  </Button>
                </div>
              )}
            </div>
          )}
        </QueryState>
      </Panel>
    </div>
  );
}
