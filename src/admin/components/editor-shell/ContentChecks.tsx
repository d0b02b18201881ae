/**
 * The live SEO checks of the text being edited (#29, D28), under the post and page editors' markdown: images
 * without alt text, a level-1 heading in the text, links to addresses of this site no live page or redirect answers
 * (live-checks.ts). The addresses are the ones the Redirects and Sitemap tabs use (lib/live-addresses.ts) and the
 * active redirects as the host will answer them; a link is judged only once they are loaded. Advice: nothing here
 * stops a save. The text is read a moment behind typing (useDeferredValue), so long texts type as fast as ever.
 */
import { useDeferredValue, useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { usePagesQuery } from '../../data/pages/pages-query';
import { useBlogPostsQuery } from '../../data/blog-posts/blog-posts-query';
import { useRedirectsQuery } from '../../data/redirects/redirects-query';
import { liveAddresses, serves } from '../../lib/live-addresses';
import { useSite } from '../../lib/site';
import { compileRedirects } from '../../../lib/redirects/compile';
import { hostRedirect, matchRedirect } from '../../../lib/host/redirects.mjs';
import { liveChecks, type Reachable } from './live-checks';
import type { BodyValues } from './use-editor-form';

/** Whether the site answers a path: a live address, or an active redirect (undefined while they load). */
function useReachable(): Reachable {
  const site = useSite();
  const pages = usePagesQuery();
  const posts = useBlogPostsQuery();
  const redirects = useRedirectsQuery();
  return useMemo(() => {
    if (!pages.data || !posts.data || !redirects.data) return () => undefined;
    const live = liveAddresses(pages.data, posts.data);
    const rules = compileRedirects(redirects.data, { siteHost: site.host }).map(hostRedirect);
    return (path) => serves(live, path) || Boolean(matchRedirect(rules, new URL(path, 'http://site.invalid')));
  }, [pages.data, posts.data, redirects.data, site.host]);
}

export function ContentChecks() {
  const content = useWatch<BodyValues, 'content'>({ name: 'content' });
  const text = useDeferredValue(content ?? '');
  const reachable = useReachable();
  const site = useSite();
  const checks = useMemo(() => liveChecks(text, reachable, site.origin), [text, reachable, site.origin]);
  if (!checks.length) return null;
  return (
    <div
      className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
      data-testid="content-checks"
    >
      <p className="font-semibold">
        Search engines and screen readers would stumble on {checks.length === 1 ? 'this' : 'these'}:
      </p>
      <ul className="mt-1 list-disc space-y-1 pl-5">
        {checks.map((c, i) => (
          <li key={i} data-check={c.kind} className="break-words">
            {c.text}
          </li>
        ))}
      </ul>
      <p className="mt-1 text-amber-900">Advice only: the text saves and publishes as it is.</p>
    </div>
  );
}
