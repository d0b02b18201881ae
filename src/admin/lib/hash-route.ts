/**
 * The admin's routes live in the hash of /admin/: a tab, and where the tab has one, an item: `#blog`,
 * `#blog/new`, `#blog/<id>`, `#pages/<id>`, `#page-seo/about/` (the route /about/; `#page-seo/` is /).
 * Navigating pushes a history entry, so the browser's back and forward move between tabs and items.
 */
import { useCallback, useSyncExternalStore } from 'react';

export interface HashRoute {
  tab: string;
  /** The item within the tab, if any: an id, 'new', or a page route for Page SEO. */
  item?: string;
}

/** Reads a hash ('#blog/123') into a route; an unknown or empty tab gives `fallback`. */
export function parseHash(hash: string, tabs: readonly string[], fallback: string): HashRoute {
  const raw = hash.replace(/^#/, '');
  const slash = raw.indexOf('/');
  const tab = slash === -1 ? raw : raw.slice(0, slash);
  if (!tabs.includes(tab)) return { tab: fallback };
  if (slash === -1) return { tab };
  const rest = decodeURIComponent(raw.slice(slash + 1));
  // Page SEO names routes: '#page-seo/about/' is /about/ and '#page-seo/' is /.
  if (tab === 'page-seo') return { tab, item: `/${rest}` };
  return rest ? { tab, item: rest } : { tab };
}

/** Writes a route as a hash: the inverse of parseHash. */
export function formatHash({ tab, item }: HashRoute): string {
  if (item === undefined) return `#${tab}`;
  if (tab === 'page-seo') return `#${tab}/${item.replace(/^\//, '')}`;
  return `#${tab}/${encodeURIComponent(item)}`;
}

const subscribe = (onChange: () => void) => {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
};
const currentHash = () => window.location.hash;

/** The current route, following the hash (links, back and forward), and a way to go elsewhere. */
export function useHashRoute(tabs: readonly string[], fallback: string) {
  const hash = useSyncExternalStore(subscribe, currentHash, () => '');
  const route = parseHash(hash, tabs, fallback);
  const navigate = useCallback((to: HashRoute, { replace = false } = {}) => {
    const next = formatHash(to);
    if (next === window.location.hash) return;
    if (replace) {
      history.replaceState(history.state, '', next);
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    } else {
      window.location.hash = next;
    }
  }, []);
  return { route, navigate };
}
