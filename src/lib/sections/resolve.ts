/**
 * A page's sections as the build renders them (#31): each stored `section_content` parsed by the one schema
 * (src/lib/sections/schema.ts), its picture replaced by responsive copies, its markdown rendered once, and a
 * heading id that is unique on the page. A section the schema refuses is left out and named in the build log,
 * never a failed publish (the database's check refuses most such values before they are stored).
 *
 * Build-only: it makes image copies through storage-images.
 */
import { renderMarkdown } from '../markdown/render';
import { isOptimisable, sectionImage } from '../images/storage-images';
import { sectionContent, type SectionContent, type SectionInput } from './schema';
import type { SectionImage, ViewSection } from '../../components/sections/TypedSection';

export interface ResolvedTyped {
  kind: 'typed';
  key: string;
  id: string;
  section: ViewSection;
  html?: string;
}
export interface ResolvedText {
  kind: 'text';
  key: string;
  title: string;
  html: string;
  style: { backgroundColor?: string; color?: string };
}
export type ResolvedSection = ResolvedTyped | ResolvedText;

const slug = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);

async function resolveImage(
  image: { src: string; alt: string } | null,
  hero: boolean,
  where: string,
): Promise<SectionImage | null> {
  if (!image?.src) return null;
  if (!isOptimisable(image.src)) return { src: image.src, alt: image.alt };
  const copies = await sectionImage(image.src, hero, where);
  // Too large to optimise: guests never get such an original (#26), so the section shows no picture.
  if (copies === 'omit') return null;
  return copies ? { ...copies, alt: image.alt } : { src: image.src, alt: image.alt };
}

/**
 * The visible sections of a page, in order, ready to render. `where` names the page in the build log; each
 * item's `key` is its row id (stored pages) or its position (built-in pages).
 */
export async function resolveSections(
  items: ReadonlyArray<{ key: string; content: unknown; name?: string }>,
  where: string,
): Promise<ResolvedSection[]> {
  const used = new Set<string>();
  const uniqueId = (wanted: string, i: number) => {
    let id = wanted || `section-${i + 1}`;
    for (let n = 2; used.has(id); n++) id = `${wanted || 'section'}-${n}`;
    used.add(id);
    return id;
  };
  const out: ResolvedSection[] = [];
  for (const [i, item] of items.entries()) {
    const parsed = sectionContent.safeParse(item.content);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      console.warn(
        `[content] ${where} section ${item.key}: ${issue.path.join('.') || 'content'} ${issue.message}; left out`,
      );
      continue;
    }
    const s: SectionContent = parsed.data;
    const source = `${where} section ${item.key}`;
    if (s.type === 'text') {
      out.push({
        kind: 'text',
        key: item.key,
        // Its name when it has no title, as on a page without typed sections (toSection) and in the preview.
        title: s.title || item.name || '',
        html: renderMarkdown(s.content, { source }),
        style: s.style,
      });
      continue;
    }
    const id = uniqueId(('anchor' in s && s.anchor) || slug(s.title), i);
    if (s.type === 'hero' || s.type === 'story') {
      const image = await resolveImage(s.image, s.type === 'hero', source);
      out.push({
        kind: 'typed',
        key: item.key,
        id,
        section: { ...s, image },
        html: s.type === 'story' ? renderMarkdown(s.content, { source, topLevel: 3 }) : undefined,
      });
      continue;
    }
    out.push({ kind: 'typed', key: item.key, id, section: s });
  }
  return out;
}

/** The built-in pages' sections, typed in code (src/lib/sections/built-in.ts), with their positions as keys. */
export const resolveBuiltIn = (sections: readonly SectionInput[], where: string) =>
  resolveSections(
    sections.map((content, i) => ({ key: String(i + 1), content })),
    where,
  );

/** What BaseLayout preloads: the hero's picture when the page opens with one. */
export function heroPreload(sections: readonly ResolvedSection[]) {
  const first = sections[0];
  if (first?.kind !== 'typed' || first.section.type !== 'hero' || !first.section.image) return undefined;
  const { src, srcset, sizes } = first.section.image;
  return { src, srcset, sizes };
}

/** Whether a page opens with its own hero, which carries the page's h1. */
export const opensWithHero = (sections: readonly ResolvedSection[]) =>
  sections[0]?.kind === 'typed' && sections[0].section.type === 'hero';
