/** The page editor's tabs (spec: Pages Management), and which of them holds a field of the form. */

export const PAGE_EDITOR_TABS = [
  ['content', 'Content'],
  ['sections', 'Sections'],
  ['blocks', 'Content Blocks'],
  ['seo', 'SEO & Settings'],
  ['versions', 'Version History'],
] as const;
export type PageEditorTab = (typeof PAGE_EDITOR_TABS)[number][0];

/** The tab that holds a field of the form, by its path; undefined for the fields above the tabs. */
export function pageFieldTab(path: string): PageEditorTab | undefined {
  const field = path.split('.')[0];
  if (field === 'content') return 'content';
  if (field === 'blocks' || field === 'sections') return field;
  if (field === 'seo' || field === 'featured_image' || field === 'preview_mode') return 'seo';
  return undefined;
}

/** A new page's sections and blocks can be edited at once; its versions only once it is saved. */
export const NEEDS_SAVED_PAGE = { versions: 'Save the page first to view version history' };
