/**
 * What Version History compares (#30): a page's or post's body as a version recorded it, or as the editor's form
 * holds it now, in one shape. Cheap and free of the diff library, so the editors' chunk stays small; the comparison
 * itself (version-diff.ts) is loaded when staff ask for it.
 */
import type { Json } from '../../lib/supabase';
import { restoredFromVersion, type BlockValue, type SectionValue } from './body-values';

type JsonObject = Record<string, unknown>;

export interface BodySnapshot {
  title: string;
  /** Absent where one side cannot say (a form without the field): then it is not compared. */
  slug?: string;
  content: string;
  blocks: Array<{ block_type: string; content: JsonObject; is_active: boolean }>;
  sections: Array<{ section_name: string; section_content: JsonObject; is_active: boolean }>;
}

const bodyOf = (blocks: BlockValue[], sections: SectionValue[]) => ({
  blocks: blocks.map(({ block_type, content, is_active }) => ({ block_type, content, is_active })),
  sections: sections.map(({ section_name, section_content, is_active }) => ({
    section_name,
    section_content,
    is_active,
  })),
});

/** A version as Restore would load it: its title, content (else its text blocks), blocks and sections. */
export function snapshotOfVersion(data: Json): BodySnapshot {
  const restored = restoredFromVersion(data);
  const slug = data && typeof data === 'object' && !Array.isArray(data) ? data.slug : undefined;
  return {
    title: restored.title ?? '',
    ...(typeof slug === 'string' ? { slug } : {}),
    content: restored.content,
    ...bodyOf(restored.blocks, restored.sections),
  };
}

/** The editor's form as it is now, unsaved changes included. */
export function snapshotOfForm(values: {
  title?: string;
  slug?: unknown;
  content?: string;
  blocks?: BlockValue[];
  sections?: SectionValue[];
}): BodySnapshot {
  return {
    title: values.title ?? '',
    ...(typeof values.slug === 'string' ? { slug: values.slug } : {}),
    content: values.content ?? '',
    ...bodyOf(values.blocks ?? [], values.sections ?? []),
  };
}
