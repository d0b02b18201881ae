import { countOf } from '../lib/plural';
import type { Tables } from '../lib/supabase';

/** '28 pages: 21 rendered, 7 reused', or '28 pages' ('1 page') for a build that did not count them. */
export function pagesText(build: Pick<Tables<'site_builds'>, 'page_count' | 'pages_rendered' | 'pages_reused'>) {
  const pages = countOf(build.page_count ?? 0, 'page');
  return build.pages_rendered === null || build.pages_reused === null
    ? pages
    : `${pages}: ${build.pages_rendered} rendered, ${build.pages_reused} reused`;
}

/** A build's SEO problems (#29): '3 SEO problems', '1 SEO problem', 'No SEO problems'. */
export const seoProblemsText = (n: number) => (n ? countOf(n, 'SEO problem') : 'No SEO problems');
