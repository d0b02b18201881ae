import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

/**
 * A body component as static HTML, for the Astro pages: `<Fragment set:html={staticHtml(Markdown, { html })} />`.
 * No client directive and no island, so the page ships no JavaScript for it. Written as `<Markdown html={…} />` in
 * a template, Astro's React renderer would give the same HTML but render each component twice (once to check it is
 * React) through a stream and a few event-loop turns, about 0.2 ms a component against 0.03 ms here: on the blog's
 * post pages that is most of what React would add to `npm run bench:build`.
 */
export function staticHtml<P extends object>(component: (props: P) => ReactNode, props: P): string {
  // React 19's server renderer preloads the images it renders, with <link rel="preload"> tags put before the
  // markup for a document's head. A fragment of a page's body must not carry them: the page's head says what to
  // preload (BaseLayout's preload), and the admin's live preview, rendered in the browser, has none.
  const html = renderToStaticMarkup(createElement(component, props)).replace(/^(?:<link rel="preload"[^>]*>)+/, '');
  // React writes some attribute names as their props are spelt (srcSet, fetchPriority, dateTime). HTML ignores
  // the case, but the pages are read as text too (tests, the build's image rewriting): lower-case, inside tags
  // only (text never holds a raw `<`).
  return html.replace(/<[a-z][^>]*>/gi, (tag) =>
    tag.replace(/ (srcSet|fetchPriority|dateTime)=/g, (m) => m.toLowerCase()),
  );
}
