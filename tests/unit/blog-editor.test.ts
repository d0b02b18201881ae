/**
 * The pure parts of the Blog Posts editor and the shared body editors: the form's rules and what a save sends,
 * block and section lists (order, ids, preview), section JSON, and what a version restores.
 */
import { describe, expect, it } from 'vitest';
import {
  REQUIRED,
  blankPost,
  blogPostInputSchema,
  childrenToSave,
  postSlug,
  postToSave,
} from '../../src/admin/features/blog-posts/blog-post-input-schema';
import {
  blocksToSave,
  move,
  newBlock,
  newSection,
  previewBlocks,
  previewSections,
  restoredFromVersion,
  sectionsToSave,
} from '../../src/admin/components/body-editors/body-values';
import { parseSectionJson } from '../../src/admin/components/body-editors/body-values';

const valid = () => ({ ...blankPost(), title: 'Losar at Boudha', content: 'Butter lamps and **dances**.' });

describe('blog post form', () => {
  it("says 'Title and content are required' when either is blank", () => {
    for (const values of [
      { ...valid(), title: '   ' },
      { ...valid(), content: ' \n ' },
    ]) {
      const r = blogPostInputSchema.safeParse(values);
      expect(r.success).toBe(false);
      expect(r.error?.issues[0].message).toBe(REQUIRED);
    }
    expect(blogPostInputSchema.safeParse(valid()).success).toBe(true);
  });

  it('makes the slug by the spec’s rule, without the hyphens the database refuses at either end', () => {
    expect(postSlug('Losar: New Year!  at Boudha')).toBe('losar-new-year-at-boudha');
    expect(postSlug('- Kora - at dawn -')).toBe('kora-at-dawn');
    expect(postSlug('बौद्ध')).toBe('');
  });

  it('refuses a hand-typed slug the database would refuse, and URL fields with other schemes', () => {
    const bad = (patch: object) => blogPostInputSchema.safeParse({ ...valid(), ...patch }).success;
    expect(bad({ slug: 'Kora Walk' })).toBe(false);
    expect(bad({ slug: 'kora--walk' })).toBe(false);
    expect(bad({ slug: 'kora-walk' })).toBe(true);
    expect(bad({ featured_image: 'javascript:alert(1)' })).toBe(false);
    expect(bad({ author_image: '/images/team/pema.jpg' })).toBe(true);
  });

  it('sends the columns of blog_posts: the slug from the title when empty, blanks as null, no og_image', () => {
    const parsed = blogPostInputSchema.parse({
      ...valid(),
      published_date: new Date('2026-12-24T00:00:00Z'),
      is_published: true,
      seo: { ...valid().seo, og_image: '/x.jpg', alt_text: 'Dancers in the plaza', meta_title: ' Losar ' },
    });
    const row = postToSave(parsed, 'id-1');
    expect(row).toMatchObject({
      id: 'id-1',
      slug: 'losar-at-boudha',
      excerpt: null,
      category: null,
      featured_image: null,
      published_date: '2026-12-24T00:00:00.000Z',
      is_published: true,
      alt_text: 'Dancers in the plaza',
      meta_title: 'Losar',
      is_indexed: true,
    });
    expect(row).not.toHaveProperty('og_image');
    expect(postToSave(parsed)).not.toHaveProperty('id');
    expect(childrenToSave(parsed)).toEqual({ blocks: [], sections: [] });
  });
});

describe('blocks and sections', () => {
  it('moves an item one place and leaves the ends alone', () => {
    expect(move(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(move(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(move(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(move(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });

  it('saves lists by position, with ids only for stored rows', () => {
    const stored = { ...newBlock('text'), key: 'b1', id: 'b1', content: { text: 'Stored' } };
    const heading = newBlock('heading');
    expect(heading.content).toEqual({ text: '', level: 2 });
    expect(blocksToSave([heading, stored])).toEqual([
      { block_type: 'heading', content: { text: '', level: 2 }, is_active: true, sort_order: 0 },
      { id: 'b1', block_type: 'text', content: { text: 'Stored' }, is_active: true, sort_order: 1 },
    ]);
    const section = { ...newSection(1), section_name: '  ' };
    expect(sectionsToSave([section])[0]).toMatchObject({ section_name: 'Section 1', sort_order: 0 });
  });

  it('previews blocks and sections as the build shapes them: inactive ones hidden later, only plain colours', () => {
    const blocks = previewBlocks([
      { key: 'k', block_type: 'heading', content: { text: 'Hi', level: 9 }, is_active: false },
    ]);
    expect(blocks[0]).toMatchObject({ id: 'k', type: 'heading', text: 'Hi', level: 6, isActive: false, sortOrder: 0 });
    const [s] = previewSections([
      {
        key: 's',
        section_name: 'Hours',
        section_content: { content: '7–21', style: { backgroundColor: 'url(x)', color: '#123456' } },
        is_active: true,
      },
    ]);
    expect(s).toMatchObject({
      title: 'Hours',
      markdown: '7–21',
      style: { backgroundColor: undefined, color: '#123456' },
    });
  });

  it('accepts only a JSON object as section content, and says why otherwise', () => {
    expect(parseSectionJson('{"title":"Open"}')).toEqual({ value: { title: 'Open' } });
    expect(parseSectionJson('[1]')).toHaveProperty('problem', expect.stringContaining('JSON object'));
    expect(parseSectionJson('{"title":')).toHaveProperty('problem', expect.stringMatching(/^Not valid JSON/));
  });
});

describe('version restore', () => {
  it('loads the version’s content, blocks and sections as unsaved copies', () => {
    const r = restoredFromVersion({
      title: 'Old title',
      content: 'Old text',
      blocks: [{ block_type: 'quote', content: { text: 'Om', author: 'Pema' }, sort_order: 0, is_active: true }],
      sections: [{ section_name: 'Hours', section_content: { title: 'Open' }, sort_order: 0, is_active: false }],
    });
    expect(r.title).toBe('Old title');
    expect(r.content).toBe('Old text');
    expect(r.blocks).toEqual([
      expect.objectContaining({ block_type: 'quote', content: { text: 'Om', author: 'Pema' } }),
    ]);
    expect(r.blocks[0]).not.toHaveProperty('id');
    expect(r.sections[0]).toMatchObject({ section_name: 'Hours', is_active: false });
  });

  it('joins the text blocks by blank lines when the version holds no content (the spec’s rule)', () => {
    const r = restoredFromVersion({
      blocks: [
        { block_type: 'text', content: { text: 'One' } },
        { block_type: 'heading', content: { text: 'Skip' } },
        { block_type: 'text', content: { text: 'Two' } },
      ],
    });
    expect(r.content).toBe('One\n\nTwo');
    expect(r.sections).toEqual([]);
  });
});
