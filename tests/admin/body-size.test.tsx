/**
 * Sections and content blocks have a size bound in the database (#26, 20261126120000_bound_sections_and_blocks.sql);
 * the page and post editors refuse a bigger one with a message before anything is sent.
 */
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { newBlock, newSection, MAX_BODY_JSON } from '../../src/admin/components/body-editors/body-values';
import { blankPost, blogPostInputSchema } from '../../src/admin/features/blog-posts/blog-post-input-schema';
import { blankPage, pageInputSchema } from '../../src/admin/features/pages/page-input-schema';

const big = 'x'.repeat(MAX_BODY_JSON);
const messages = (r: { success: boolean; error?: z.core.$ZodError }) => r.error?.issues.map((i) => i.message) ?? [];

describe('the editors bound sections and blocks as the database does', () => {
  it.each([
    ['post', () => ({ ...blankPost(), title: 'T', content: 'C' }), blogPostInputSchema],
    ['page', () => ({ ...blankPage(), title: 'T' }), pageInputSchema],
  ] as const)('a %s with an oversized section or block is refused, naming it', (_kind, blank, schema) => {
    const section = { ...newSection(1), section_content: { title: '', content: big } };
    const block = { ...newBlock('text'), content: { text: big } };
    expect(messages(schema.safeParse({ ...blank(), sections: [section] }))).toContain(
      'A section is too long (at most 200,000 characters)',
    );
    expect(messages(schema.safeParse({ ...blank(), blocks: [block] }))).toContain(
      'A content block is too long (at most 200,000 characters)',
    );
    const fits = { ...newSection(1), section_content: { title: '', content: 'x'.repeat(150_000) } };
    expect(messages(schema.safeParse({ ...blank(), sections: [fits] }))).not.toContain(
      'A section is too long (at most 200,000 characters)',
    );
  });
});
