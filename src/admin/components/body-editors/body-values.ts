/**
 * What the page and post editors hold of a body besides its markdown: content blocks and sections as form values,
 * how they are saved (save_blog_post / save_page take complete lists, D24) and how the live preview renders them
 * with the public site's own components (src/components/body).
 */
import type { Block } from '../../../components/body/ContentBlocks';
import type { SectionItem } from '../../../components/body/Sections';
import type { Json } from '../../lib/supabase';

export const BLOCK_TYPES = ['text', 'heading', 'image', 'quote'] as const;
export type EditableBlockType = (typeof BLOCK_TYPES)[number];
export const BLOCK_TYPE_LABEL: Record<string, string> = {
  text: 'Text',
  heading: 'Heading',
  image: 'Image',
  quote: 'Quote',
  video: 'Video',
  gallery: 'Gallery',
};

/** Block and section content as the editors hold it (JSON values; kept loose so form types stay shallow). */
type JsonObject = Record<string, unknown>;

export interface BlockValue {
  /** A key for React lists: the stored id, or a new one for an unsaved block. */
  key: string;
  id?: string;
  block_type: string;
  content: JsonObject;
  is_active: boolean;
}

export interface SectionValue {
  key: string;
  id?: string;
  section_name: string;
  section_content: JsonObject;
  is_active: boolean;
}

/**
 * The most characters of JSON a block's or a section's content may hold, as the database checks it
 * (`sections_content_size`, `content_blocks_content_size`): 200,000 of text plus room for its other fields (#26).
 */
export const MAX_BODY_JSON = 210_000;

/** Whether a block's or a section's content fits MAX_BODY_JSON, counted as Postgres counts jsonb text. */
export const fitsBodyLimit = (content: unknown) => JSON.stringify(content ?? {}).length <= MAX_BODY_JSON;

const newKey = () => `new-${Math.random().toString(36).slice(2, 10)}`;
const asObject = (v: unknown): JsonObject => (v && typeof v === 'object' && !Array.isArray(v) ? (v as JsonObject) : {});

/** A new block of a type, with the spec's defaults (a heading is level 2). */
export function newBlock(type: EditableBlockType): BlockValue {
  const content: Record<EditableBlockType, JsonObject> = {
    text: { text: '' },
    heading: { text: '', level: 2 },
    image: { url: '', alt: '', caption: '' },
    quote: { text: '', author: '' },
  };
  return { key: newKey(), block_type: type, content: content[type], is_active: true };
}

export function newSection(n: number): SectionValue {
  return {
    key: newKey(),
    section_name: `Section ${n}`,
    section_content: { title: '', content: '', style: { backgroundColor: '#f4ecdf', color: '#1c1917' } },
    is_active: true,
  };
}

export const blockValues = (
  rows: Array<{ id: string; block_type: string; content: Json; is_active: boolean }>,
): BlockValue[] =>
  rows.map((r) => ({
    key: r.id,
    id: r.id,
    block_type: r.block_type,
    content: asObject(r.content),
    is_active: r.is_active,
  }));

export const sectionValues = (
  rows: Array<{ id: string; section_name: string; section_content: Json; is_active: boolean }>,
): SectionValue[] =>
  rows.map((r) => ({
    key: r.id,
    id: r.id,
    section_name: r.section_name,
    section_content: asObject(r.section_content),
    is_active: r.is_active,
  }));

/** The lists as the save functions take them: position is the sort order; ids only for stored rows. */
export function blocksToSave(blocks: BlockValue[]) {
  return blocks.map(({ id, block_type, content, is_active }, i) => ({
    ...(id ? { id } : {}),
    block_type,
    content,
    is_active,
    sort_order: i,
  }));
}

export function sectionsToSave(sections: SectionValue[]) {
  return sections.map(({ id, section_name, section_content, is_active }, i) => ({
    ...(id ? { id } : {}),
    section_name: section_name.trim() || `Section ${i + 1}`,
    section_content,
    is_active,
    sort_order: i,
  }));
}

/** Moves the item at `from` one place up (-1) or down (+1); the list is renumbered by position when saved. */
export function move<T>(list: readonly T[], from: number, by: -1 | 1): T[] {
  const to = from + by;
  if (to < 0 || to >= list.length) return [...list];
  const next = [...list];
  [next[from], next[to]] = [next[to], next[from]];
  return next;
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** Blocks for the public renderer (ContentBlocks), unsaved ones included, as the build's toBlock shapes them. */
export function previewBlocks(blocks: BlockValue[]): Block[] {
  return blocks.map((b, i) => {
    const align = str(b.content.alignment);
    return {
      id: b.id ?? b.key,
      type: b.block_type,
      text: str(b.content.text),
      level: b.block_type === 'heading' ? Math.min(6, Math.max(1, Number(b.content.level) || 2)) : undefined,
      content: b.content,
      alignment: align === 'center' || align === 'right' ? align : 'left',
      isActive: b.is_active,
      sortOrder: i,
    };
  });
}

const SAFE_COLOR = /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\)|[a-z]{3,20})$/i;

/** Sections for the public renderer (Sections), with the same colour filter as the build's toSection. */
export function previewSections(sections: SectionValue[]): SectionItem[] {
  return sections.map((s, i) => {
    const style = asObject(s.section_content.style);
    const color = (v: unknown) => (typeof v === 'string' && SAFE_COLOR.test(v.trim()) ? v.trim() : undefined);
    return {
      id: s.id ?? s.key,
      title: str(s.section_content.title) || s.section_name,
      markdown: str(s.section_content.content),
      style: { backgroundColor: color(style.backgroundColor), color: color(style.color) },
      isActive: s.is_active,
      sortOrder: i,
    };
  });
}

/** What a version restores: its blocks and sections (unsaved copies), and its content (else its text blocks). */
export function restoredFromVersion(data: Json): {
  title?: string;
  content: string;
  blocks: BlockValue[];
  sections: SectionValue[];
} {
  const v = asObject(data);
  const list = (x: unknown) => (Array.isArray(x) ? x.map((e) => asObject(e)) : []);
  const blocks = list(v.blocks).map((b) => ({
    key: newKey(),
    block_type: str(b.block_type) || 'text',
    content: asObject(b.content),
    is_active: b.is_active !== false,
  }));
  const sections = list(v.sections).map((s, i) => ({
    key: newKey(),
    section_name: str(s.section_name) || `Section ${i + 1}`,
    section_content: asObject(s.section_content),
    is_active: s.is_active !== false,
  }));
  // The spec's rule when a version holds no content: its text blocks joined by blank lines.
  const content =
    typeof v.content === 'string'
      ? v.content
      : blocks
          .filter((b) => b.block_type === 'text')
          .map((b) => str(b.content.text))
          .join('\n\n');
  return { title: typeof v.title === 'string' ? v.title : undefined, content, blocks, sections };
}

/** Parses section JSON: an object, or why not. */
export function parseSectionJson(text: string): { value: JsonObject } | { problem: string } {
  try {
    const value = JSON.parse(text) as unknown;
    if (!value || typeof value !== 'object' || Array.isArray(value))
      return { problem: 'Section content must be a JSON object, such as {"title": "…"}.' };
    return { value: value as JsonObject };
  } catch (err) {
    return { problem: `Not valid JSON, so this edit is ignored: ${err instanceof Error ? err.message : String(err)}` };
  }
}
