/** The blog post editor's tabs (spec: Blog Posts Management), and which of them holds a field of the form. */

export const EDITOR_TABS = [
  ['content', 'Content'],
  ['featured', 'Featured Image'],
  ['sections', 'Sections'],
  ['blocks', 'Content Blocks'],
  ['author', 'Author & Meta'],
  ['seo', 'SEO & Settings'],
  ['versions', 'Version History'],
] as const;
export type EditorTab = (typeof EDITOR_TABS)[number][0];

/** The tab that holds a field of the form, by its path; undefined for the fields above the tabs. */
export function postFieldTab(path: string): EditorTab | undefined {
  const field = path.split('.')[0];
  if (['content', 'excerpt', 'category'].includes(field)) return 'content';
  if (field === 'featured_image' || path === 'seo.alt_text') return 'featured';
  if (field === 'blocks' || field === 'sections') return field;
  if (field.startsWith('author_')) return 'author';
  if (field === 'seo') return 'seo';
  return undefined;
}

/** What the body tabs say of a post not saved yet. */
export const NEEDS_SAVED_POST = {
  sections: 'Save the blog post first to enable the section editor',
  blocks: 'Save the blog post first to enable the content block editor',
  versions: 'Save the blog post first to view version history',
};
