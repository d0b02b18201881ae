/**
 * Text past a column's bound is refused by the form, naming the limit, before the database would refuse it with
 * 'Failed to save review' and no reason (#31). Each bound is read from the migrations' `char_length(column) <= N`
 * checks, so a changed migration fails here until the form follows it.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { blankReview, reviewInputSchema } from '../../src/admin/features/reviews/review-input-schema';
import { blankCategory, categoryInputSchema } from '../../src/admin/features/categories/category-input-schema';
import { contactDefaults, contactInputSchema } from '../../src/admin/features/contact/contact-input-schema';
import { blankRedirect, redirectInputSchema } from '../../src/admin/features/redirects/redirect-input-schema';
import { blankPage, pageInputSchema } from '../../src/admin/features/pages/page-input-schema';
import { blankPost, blogPostInputSchema } from '../../src/admin/features/blog-posts/blog-post-input-schema';
import { seoFieldsSchema, seoValues } from '../../src/admin/lib/seo-fields-schema';
import { seoSettingsInputSchema, seoSettingsValues } from '../../src/admin/features/seo/seo-settings-input-schema';
import { newSection } from '../../src/admin/components/body-editors/body-values';
import { ReviewForm } from '../../src/admin/features/reviews/ReviewForm';
import { SiteContext } from '../../src/admin/lib/site';

// The tests run from the repository's root (vitest.config.ts); happy-dom gives import.meta.url no file: scheme.
const MIGRATIONS = path.join(process.cwd(), 'supabase/migrations');
const SQL = readdirSync(MIGRATIONS)
  .filter((f) => f.endsWith('.sql'))
  .map((f) => readFileSync(path.join(MIGRATIONS, f), 'utf8'))
  .join('\n');

/** The bound of `table.column` in the migrations (`create table public.<table>` … `char_length(<column>) <= N`). */
function bound(table: string, column: string): number {
  const create = new RegExp(`create table public\\.${table} \\(([\\s\\S]*?)\\n\\);`).exec(SQL)?.[1] ?? '';
  const found = new RegExp(`^\\s*${column} text[^\\n]*char_length\\(${column}\\) <= (\\d+)`, 'm').exec(create)?.[1];
  if (!found) throw new Error(`no char_length bound for ${table}.${column}`);
  return Number(found);
}

type Parse = (values: never) => { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
/** The messages a schema gives for the field at `path` when it holds `text`. */
function messagesAt(parse: Parse, blank: () => object, path: string[], text: string): string[] {
  const values = structuredClone(blank()) as Record<string, unknown>;
  let at = values;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string, unknown>;
  at[path.at(-1)!] = text;
  const r = parse(values as never);
  return (r.error?.issues ?? []).filter((i) => i.path.join('.') === path.join('.')).map((i) => i.message);
}

const SEO_COLUMNS: Array<[column: string, field: string]> = [
  ['meta_title', 'meta_title'],
  ['meta_description', 'meta_description'],
  ['seo_keywords', 'seo_keywords'],
  ['canonical_url', 'canonical_url'],
  ['og_title', 'og_title'],
  ['og_description', 'og_description'],
  ['twitter_title', 'twitter_title'],
  ['twitter_description', 'twitter_description'],
  ['twitter_image', 'twitter_image'],
  ['schema_markup', 'schema_markup'],
  ['alt_text', 'alt_text'],
];
const URLISH = /url|image/;

const redirectRules = { active: [], exampleUrl: 'https://boudhamandala.example/new-page', siteHost: 'x' };

type Case = [form: string, table: string, column: string, path: string[], parse: Parse, blank: () => object];
/** The cases of one form: each column of `table` with the form's path to its field. */
const cases = (form: string, table: string, parse: Parse, blank: () => object, columns: Array<[string, string[]]>) =>
  columns.map(([column, path]): Case => [form, table, column, path, parse, blank]);
const own = (...columns: string[]) => columns.map((c): [string, string[]] => [c, [c]]);
const seo = (columns: Array<[string, string]>, under: string[] = ['seo']) =>
  columns.map(([c, f]): [string, string[]] => [c, [...under, f]]);

const page = () => ({ ...blankPage(), title: 'T' });
const post = () => ({ ...blankPost(), title: 'T', content: 'C' });
const CASES: Case[] = [
  ...cases('review', 'reviews', reviewInputSchema.safeParse, blankReview, own('reviewer_name', 'review_text')),
  ...cases(
    'category',
    'categories',
    categoryInputSchema.safeParse,
    () => ({ ...blankCategory(), name: 'N' }),
    own('name', 'slug', 'description', 'seo_title'),
  ),
  ...cases(
    'contact details',
    'contact_details',
    contactInputSchema.safeParse,
    () => contactDefaults,
    own('hotel_name', 'phone', 'email', 'address', 'booking_url'),
  ),
  ...cases(
    'redirect',
    'seo_redirects',
    redirectInputSchema(redirectRules).safeParse,
    blankRedirect,
    own('from_url', 'to_url'),
  ),
  ...cases('page', 'pages', pageInputSchema.safeParse, page, [
    ...own('title', 'slug', 'content', 'custom_url', 'featured_image'),
    ...seo([...SEO_COLUMNS, ['og_image', 'og_image']]),
  ]),
  ...cases('post', 'blog_posts', blogPostInputSchema.safeParse, post, [
    ...own('title', 'slug', 'excerpt', 'content', 'featured_image', 'author_name', 'author_role', 'author_image'),
    ...seo(SEO_COLUMNS),
  ]),
  // static_page_seo names its title and description seo_*.
  ...cases(
    'Page SEO',
    'static_page_seo',
    seoFieldsSchema.safeParse,
    () => seoValues({}),
    seo(
      [...SEO_COLUMNS, ['og_image', 'og_image']].map(([c, f]): [string, string] => [c.replace(/^meta_/, 'seo_'), f]),
      [],
    ),
  ),
  ...cases(
    'Global SEO',
    'seo_settings',
    seoSettingsInputSchema.safeParse,
    () => seoSettingsValues(null, 'Boudha Mandala Hotel'),
    own(
      'site_name',
      'site_description',
      'gsc_verification',
      'header_scripts',
      'body_scripts',
      'default_og_image',
      'default_schema_markup',
      'facebook_app_id',
      'linkedin_company_id',
    ),
  ),
];

describe('every bounded text field refuses what the database would, naming the limit', () => {
  it.each(CASES)('%s: %s.%s', (_form, table, column, path, parse, blank) => {
    const max = bound(table, column);
    // A URL as a path (with the trailing slash a page URL is given), else plain letters.
    const fill = (n: number) => (URLISH.test(column) ? `/${'x'.repeat(n - 2)}/` : 'x'.repeat(n));
    const tooLong = messagesAt(parse, blank, path, fill(max + 1));
    expect(
      tooLong.some((m) => m.endsWith(`is too long (at most ${max.toLocaleString('en')} characters)`)),
      `${tooLong}`,
    ).toBe(true);
    const fits = messagesAt(parse, blank, path, fill(max));
    expect(fits.filter((m) => m.includes('too long'))).toEqual([]);
  });

  it('a section’s name too (sections.section_name)', () => {
    const max = bound('sections', 'section_name');
    const section = (name: string) => ({ ...newSection(1), section_name: name });
    const page = (name: string) => ({ ...blankPage(), title: 'T', sections: [section(name)] });
    const issues = (name: string) => pageInputSchema.safeParse(page(name)).error?.issues.map((i) => i.message) ?? [];
    expect(issues('x'.repeat(max + 1))).toContain(`A section name is too long (at most ${max} characters)`);
    expect(issues('x'.repeat(max))).toEqual([]);
  });
});

describe('the review form', () => {
  it("says the review text's limit under the field and saves nothing (#31: it said 'Failed to save review')", async () => {
    const onSave = vi.fn(async () => true);
    const user = userEvent.setup();
    render(
      <SiteContext.Provider value={{ origin: 'https://boudhamandala.example', host: 'boudhamandala.example' }}>
        <Toaster />
        <ReviewForm editing={null} onSave={onSave} onCancel={() => {}} />
      </SiteContext.Provider>,
    );
    await user.type(screen.getByLabelText('Reviewer Name'), 'Tenzin');
    await user.click(screen.getByLabelText('Review Text'));
    await user.paste('x'.repeat(5001));
    await user.click(screen.getByRole('button', { name: 'Add Review' }));
    await waitFor(() =>
      expect(screen.getAllByText('Review text is too long (at most 5,000 characters)').length).toBeGreaterThan(0),
    );
    expect(screen.getByLabelText('Review Text').getAttribute('aria-invalid')).toBe('true');
    expect(onSave).not.toHaveBeenCalled();
  });
});
