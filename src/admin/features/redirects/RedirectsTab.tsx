/**
 * Redirects (D6, D7): add with validation, list with type badges and active switches, delete after
 * confirmation. Every change publishes (the mutations' meta), since redirects are compiled into _redirects.
 * Below the form, the 404 monitor's Not found list (#29, D28), whose 'Create redirect' fills the form.
 */
import { useState } from 'react';
import { useRedirectsQuery } from '../../data/redirects/redirects-query';
import { usePagesQuery } from '../../data/pages/pages-query';
import { useBlogPostsQuery } from '../../data/blog-posts/blog-posts-query';
import { useRedirectCreateMutation } from '../../data/redirects/redirect-create-mutation';
import { useRedirectUpdateMutation } from '../../data/redirects/redirect-update-mutation';
import { useRedirectDeleteMutation } from '../../data/redirects/redirect-delete-mutation';
import { Panel } from '../../components/Panel';
import { QueryState } from '../../components/QueryState';
import { MESSAGES, createsLoop } from '../../lib/validation';
import { useSite } from '../../lib/site';
import { toast } from '../../lib/toast';
import { RedirectForm, type RedirectPrefill } from './RedirectForm';
import { NotFoundList } from './NotFoundList';
import { RedirectItem } from './RedirectItem';
import type { RedirectInput } from './redirect-input-schema';
import { liveAddresses } from '../../lib/live-addresses';

export default function RedirectsTab() {
  const site = useSite();
  const redirects = useRedirectsQuery();
  const create = useRedirectCreateMutation();
  const update = useRedirectUpdateMutation();
  const remove = useRedirectDeleteMutation();
  const active = (redirects.data ?? []).filter((r) => r.is_active);
  const pages = usePagesQuery();
  const posts = useBlogPostsQuery();
  const live = liveAddresses(pages.data ?? [], posts.data ?? []);
  const [prefill, setPrefill] = useState<RedirectPrefill>();

  async function add(row: RedirectInput) {
    try {
      await create.mutateAsync(row);
    } catch {
      return false; // the mutation's meta has shown the spec's message; the form keeps what was typed
    }
    toast.success('Redirect created successfully');
    return true;
  }

  return (
    <div className="space-y-6">
      <Panel title="Add Redirect">
        <RedirectForm active={active} live={live} onAdd={add} prefill={prefill} />
      </Panel>
      <Panel title="Not found">
        <NotFoundList
          redirects={redirects.data ?? []}
          live={live}
          siteHost={site.host}
          onCreate={(from_url, to_url) => setPrefill({ from_url, to_url, at: Date.now() })}
        />
      </Panel>
      <Panel title={`Existing Redirects (${redirects.data?.length ?? 0})`}>
        <QueryState
          query={redirects}
          what="redirects"
          empty={<p className="text-stone-700">No redirects configured yet. Add your first redirect above.</p>}
        >
          {(rows) => (
            <ul className="divide-y divide-stone-200">
              {rows.map((r) => (
                <RedirectItem
                  key={r.id}
                  redirect={r}
                  busy={update.isPending}
                  onToggle={(on) => {
                    if (on && createsLoop(active, r.from_url, r.to_url, site.host)) {
                      toast.error(MESSAGES.loop[0], MESSAGES.loop[1]);
                      return;
                    }
                    update.mutate(
                      { id: r.id, loadedAt: r.updated_at, isActive: on },
                      { onSuccess: () => toast.success(on ? 'Redirect activated' : 'Redirect deactivated') },
                    );
                  }}
                  onDelete={() => remove.mutate(r, { onSuccess: () => toast.success('Redirect deleted successfully') })}
                />
              ))}
            </ul>
          )}
        </QueryState>
      </Panel>
      <Panel title="How redirects work">
        <ul className="list-disc space-y-1 pl-5 text-sm text-stone-700">
          <li>301 (Permanent) passes the old page&apos;s SEO authority to the new one.</li>
          <li>302 (Temporary) keeps the SEO authority on the original URL.</li>
          <li>Use relative paths (e.g., /old-page) for pages on this site and full URLs for other sites.</li>
          <li>Redirects may take a few minutes to take effect.</li>
        </ul>
      </Panel>
    </div>
  );
}
