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
  return renderToStaticMarkup(createElement(component, props));
}
