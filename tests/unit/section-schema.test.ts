import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  FIELD_META,
  TYPED_SECTIONS,
  TYPED_SECTION_TYPES,
  emptySection,
  isTypedSection,
  sectionContent,
  sqlSectionSpec,
} from '../../src/lib/sections/schema';
import { BUILT_IN_PAGES } from '../../src/lib/sections/built-in';

describe('section types (#31)', () => {
  it('reads a section without a type as a text section, dropping colours that are not plain', () => {
    expect(
      sectionContent.parse({ title: 'T', content: 'x', style: { color: 'red', backgroundColor: 'url(x)' } }),
    ).toEqual({
      type: 'text',
      title: 'T',
      content: 'x',
      style: { color: 'red', backgroundColor: undefined },
    });
    expect(isTypedSection({ title: 'T' })).toBe(false);
    expect(isTypedSection({ type: 'hero' })).toBe(true);
  });

  it('fills every field of a typed section with its default', () => {
    expect(emptySection('cards')).toEqual({
      type: 'cards',
      anchor: '',
      eyebrow: '',
      title: '',
      lead: '',
      dark: false,
      large: false,
      columns: '3',
      items: [],
    });
  });

  it('refuses text past a field’s limit, naming the limit', () => {
    const r = sectionContent.safeParse({ type: 'hero', title: 'x'.repeat(201) });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]).toMatchObject({ path: ['title'], message: 'at most 200 characters' });
    expect(sectionContent.safeParse({ type: 'cards', items: Array(13).fill({}) }).error?.issues[0].message).toBe(
      'at most 12 cards',
    );
    expect(sectionContent.safeParse({ type: 'story', anchor: 'Not An Anchor' }).success).toBe(false);
    expect(sectionContent.safeParse({ type: 'nope' }).success).toBe(false);
    expect(sectionContent.safeParse({ type: 'part' }).success).toBe(false);
  });

  it('asks for the headings and names a section cannot do without; a new section still starts empty', () => {
    expect(sectionContent.safeParse({ type: 'hero', title: '  ' }).error?.issues[0]).toMatchObject({
      path: ['title'],
      message: 'Enter the heading',
    });
    expect(
      sectionContent.safeParse({ type: 'team', title: 'T', members: [{ name: '' }] }).error?.issues[0],
    ).toMatchObject({ path: ['members', 0, 'name'], message: 'Enter the name' });
    // A part keeps its own heading when given none.
    expect(sectionContent.safeParse({ type: 'part', part: 'rooms' }).success).toBe(true);
    expect(emptySection('hero')).toMatchObject({ type: 'hero', title: '' });
  });

  it('refuses links and pictures that are not the site’s, http(s), mailto or tel', () => {
    const cta = (href: string) => ({ type: 'cta', title: 'T', buttons: [{ label: 'Go', href }] });
    for (const bad of ['javascript:alert(1)', '//evil.example/login', 'data:text/html,x', 'vbscript:x'])
      expect(sectionContent.safeParse(cta(bad)).success, bad).toBe(false);
    for (const good of ['/contact/', '#thangka', 'https://example.com/', 'mailto:a@b.example', 'tel:+9771'])
      expect(sectionContent.safeParse(cta(good)).success, good).toBe(true);
    const hero = (src: string) => ({ type: 'hero', title: 'T', image: { src, alt: '' } });
    expect(sectionContent.safeParse(hero('javascript:x')).success).toBe(false);
    expect(sectionContent.safeParse(hero('/images/pages/cafe.jpg')).success).toBe(true);
  });

  it('a button needs its text and address, unless it opens the booking site', () => {
    const cta = (b: object) => sectionContent.safeParse({ type: 'cta', title: 'T', buttons: [b] });
    expect(cta({ label: '', href: '/x/' }).error?.issues[0]).toMatchObject({ message: 'Enter the button text' });
    expect(cta({ label: 'Go', href: '' }).error?.issues[0]).toMatchObject({ message: 'Enter the address' });
    expect(cta({ label: '', href: '', book: true }).success).toBe(true);
  });

  it('reads a text section leniently, as the build always has: a title that is not text is none', () => {
    expect(sectionContent.parse({ title: 42, content: null })).toMatchObject({ type: 'text', title: '', content: '' });
  });

  it('labels every field a form shows', () => {
    for (const t of TYPED_SECTION_TYPES)
      for (const [key, field] of Object.entries(TYPED_SECTIONS[t].shape)) {
        if (key === 'type') continue;
        expect(FIELD_META.get(field as never)?.label, `${t}.${key}`).toBeTruthy();
      }
  });

  it('the built-in pages’ sections are valid, and each page opens with a hero', () => {
    for (const [path, page] of Object.entries(BUILT_IN_PAGES)) {
      for (const s of page.sections)
        expect(sectionContent.safeParse(s).success, `${path} ${JSON.stringify(s).slice(0, 60)}`).toBe(true);
      expect(page.sections[0]).toMatchObject({ type: 'hero' });
      expect(page.seo.title.length).toBeLessThanOrEqual(60);
    }
  });

  it('the database checks the spec generated from these schemas (migration and schema agree)', () => {
    const dir = 'supabase/migrations';
    const file = readdirSync(dir).find((f) => f.endsWith('_typed_sections.sql'))!;
    const sql = readFileSync(`${dir}/${file}`, 'utf8');
    const literal = /-- section spec: generated by sqlSectionSpec\(\)\n\s*'(\{.*\})'::jsonb/.exec(sql)?.[1];
    expect(literal, 'the spec literal in the migration').toBeTruthy();
    expect(JSON.parse(literal!)).toEqual(sqlSectionSpec());
  });
});
