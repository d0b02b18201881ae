/** Field schemas the editors' forms share (blog posts, pages): a bounded text and a URL column as the database checks. */
import * as z from './zod';
import { isWebUrl } from './validation';
import { fitsBodyLimit } from '../components/body-editors/body-values';
import type { BlockValue, SectionValue } from '../components/body-editors/body-values';
import { isTypedSection, sectionContent } from '../../lib/sections/schema';

/**
 * The message for text past a column's bound, naming the field and the limit as the database checks it (#31):
 * 'Review text is too long (at most 5,000 characters)'. The forms refuse it before the database would.
 */
export const tooLong = (label: string, max: number) =>
  `${label} is too long (at most ${max.toLocaleString('en')} characters)`;

/** Text of at most `max` characters, with the message naming the field. */
export const maxText = (max: number, label: string) => z.string().check(z.maxLength(max, tooLong(label, max)));

/** A URL column: http(s) or a path starting with /, at most 2,000 characters; trimmed. */
export const webUrl = (label: string) =>
  z
    .string()
    .check(
      z.trim(),
      z.maxLength(2000, tooLong(label, 2000)),
      z.refine(isWebUrl, `${label} must be an http(s) URL or a path starting with /`),
    );

/** An editor's list of blocks or sections, the content of each within the database's size bound. */
const boundedItems = <T>(content: (item: T) => unknown, message: string) =>
  z.array(z.custom<T>()).check(z.refine((items) => items.every((item) => fitsBodyLimit(content(item))), message));

/** An editor's content blocks, each within the database's size bound. */
export const boundedBlocks = () =>
  boundedItems<BlockValue>((b) => b.content, 'A content block is too long (at most 200,000 characters)');

/** An editor's sections, each within the database's size bound, its name too (`sections.section_name`). */
export const boundedSections = () =>
  boundedItems<SectionValue>((s) => s.section_content, 'A section is too long (at most 200,000 characters)').check(
    z.refine((items) => items.every((s) => s.section_name.trim().length <= 200), tooLong('A section name', 200)),
    // A typed section (#31) as its schema allows: the Sections tab outlines the field and says why.
    z.superRefine((items, ctx) => {
      const bad = items.findIndex(
        (s) => isTypedSection(s.section_content) && !sectionContent.safeParse(s.section_content).success,
      );
      if (bad >= 0) {
        const issue = sectionContent.safeParse(items[bad].section_content).error!.issues[0];
        ctx.addIssue({
          code: 'custom',
          message: `Section ${bad + 1} (${items[bad].section_name}): ${issue.path.join(' ')} ${issue.message}`,
          input: items,
        });
      }
    }),
  );
