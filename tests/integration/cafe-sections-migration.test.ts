/**
 * The migration that ties the cafe's text blocks to their sections (#31, 20261126170000) gives an existing block
 * the key of the section its position filled, so a live site shows the same texts under the same headings after
 * it as before; blocks that already name one, inactive ones and empty ones are left alone.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbClient } from '../helpers/supabase';

const db = dbClient();
const MIGRATION = path.resolve(
  import.meta.dirname,
  '../../supabase/migrations/20261126170000_cafe_blocks_name_their_section.sql',
);
const CAFE = "(select id from public.pages where slug = 'boudha-cafe-de-mandala')";

beforeAll(() => db.connect());
afterAll(() => db.end());

describe('cafe blocks get their section from their position, once', () => {
  it('names each active text block’s section in order, as the page showed them', async () => {
    await db.query('begin');
    try {
      // As a database from before the change: no block names a section; one more block with no text.
      await db.query(`update public.content_blocks set content = content - 'section' where page_id = ${CAFE}`);
      await db.query(
        `insert into public.content_blocks (page_id, block_type, content, sort_order, is_active)
         values (${CAFE}, 'text', '{"text": "  "}', 0, true)`,
      );
      await db.query(await readFile(MIGRATION, 'utf8'));
      const { rows } = await db.query(
        `select content ->> 'section' as section, is_active, btrim(content ->> 'text') = '' as empty
         from public.content_blocks where page_id = ${CAFE} order by sort_order, id`,
      );
      expect(rows.filter((r) => r.is_active && !r.empty).map((r) => r.section)).toEqual([
        'hero',
        'intro',
        'philosophy',
        'food',
        'menu',
        'atmosphere',
        'music',
        'design',
        'welcome',
      ]);
      expect(rows.filter((r) => !r.is_active || r.empty).map((r) => r.section)).toEqual([null, null]);
      // Run again: nothing changes.
      const again = await db.query(await readFile(MIGRATION, 'utf8'));
      expect(again.rowCount).toBe(0);
    } finally {
      await db.query('rollback');
    }
  });
});
