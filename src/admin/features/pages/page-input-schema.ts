/**
 * The page form (spec: Pages Management, §5): a title is required ('Title is required'); the slug follows the
 * spec's rule from the title, and the page's address (custom_url) is '/'+slug while the title changes, both
 * editable; URLs as the database checks them; the shared SEO fields; blocks and sections saved with the page (D24).
 */
import * as z from '../../lib/zod';
import type { Tables, TablesInsert } from '../../lib/supabase';
import { slugify } from '../../lib/validation';
import { boundedBlocks, boundedSections, maxText, tooLong, webUrl } from '../../lib/field-schemas';
import { seoFieldsSchema, seoValues, type SeoFieldsValues } from '../../lib/seo-fields-schema';
import { blockValues, blocksToSave, sectionValues, sectionsToSave } from '../../components/body-editors/body-values';
import { isConvertible, pageAddressProblem } from '../../../lib/paths';

export const TITLE_REQUIRED = 'Title is required';
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** A page's slug by the spec's rule, without the leading or trailing hyphen the database refuses. */
export const pageSlug = (title: string) => slugify(title).replace(/^-+|-+$/g, '');

/**
 * An address as typed, made whole: a leading and a trailing slash, no doubled slashes. Empty stays empty (the
 * page is then at /{slug}/).
 */
export function normaliseAddress(text: string): string {
  const t = text.trim();
  if (!t) return '';
  return `/${t}/`.replace(/\/{2,}/g, '/');
}

/**
 * The static routes a stored page may replace (D20): those of the Content List except the home page, whose
 * address no stored page can have (a page's address is never just '/').
 */
export const convertible = isConvertible;

/** Why an address cannot be a page's, or null when it can. */
export function addressProblem(address: string): string | null {
  if (!address) return null;
  if (address.length > 500) return tooLong('The page URL', 500);
  if (!/^\/([a-z0-9._~-]+\/)+$/.test(address))
    return 'The page URL may hold only lower-case letters a–z, digits, hyphens, dots and slashes, e.g. /monsoon-retreats/';
  return pageAddressProblem(address);
}

export const pageInputSchema = z
  .object({
    title: z.string().check(z.trim(), z.minLength(1, TITLE_REQUIRED), z.maxLength(300, tooLong('The title', 300))),
    slug: z.string().check(
      z.trim(),
      z.maxLength(200, tooLong('The URL slug', 200)),
      z.refine(
        (s) => s === '' || SLUG.test(s),
        'The URL slug may hold only lower-case letters a–z, digits and single hyphens',
      ),
    ),
    custom_url: z.pipe(
      z.string().check(
        z.superRefine((s, ctx) => {
          const problem = addressProblem(normaliseAddress(s).toLowerCase());
          if (problem) ctx.addIssue({ code: 'custom', message: problem });
        }),
      ),
      z.transform((s: string) => normaliseAddress(s).toLowerCase()),
    ),
    content: maxText(200_000, 'The content'),
    featured_image: webUrl('Featured image'),
    is_published: z.boolean(),
    preview_mode: z.boolean(),
    seo: seoFieldsSchema,
    blocks: boundedBlocks(),
    sections: boundedSections(),
  })
  .check(
    // Without a Page URL the page lives at /{slug}/: that address follows the same rules (#26: slug `admin` passed).
    z.superRefine((page, ctx) => {
      if (page.custom_url || !SLUG.test(page.slug)) return;
      const problem = pageAddressProblem(`/${page.slug}/`);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['slug'], input: page.slug });
    }),
  );

export type PageValues = z.input<typeof pageInputSchema>;
export type PageInput = z.output<typeof pageInputSchema>;

type Page = Tables<'pages'>;

/** A new page: unpublished, indexed, not in preview mode (spec §4). */
export function blankPage(): PageValues {
  return {
    title: '',
    slug: '',
    custom_url: '',
    content: '',
    featured_image: '',
    is_published: false,
    preview_mode: false,
    seo: seoValues({}),
    blocks: [],
    sections: [],
  };
}

const s = (v: string | null) => v ?? '';

export function pageValues(page: Page, blocks: Tables<'content_blocks'>[], sections: Tables<'sections'>[]): PageValues {
  return {
    title: page.title,
    slug: page.slug,
    custom_url: s(page.custom_url),
    content: page.content,
    featured_image: s(page.featured_image),
    is_published: page.is_published,
    preview_mode: page.preview_mode,
    seo: seoValues(page) as SeoFieldsValues,
    blocks: blockValues(blocks),
    sections: sectionValues(sections),
  };
}

/** The columns save_page writes, from the validated form. */
export function pageToSave(values: PageInput, id?: string): Partial<TablesInsert<'pages'>> & { id?: string } {
  const slug = values.slug || pageSlug(values.title);
  return {
    ...(id ? { id } : {}),
    title: values.title,
    slug,
    custom_url: values.custom_url || null,
    content: values.content,
    featured_image: values.featured_image || null,
    is_published: values.is_published,
    preview_mode: values.preview_mode,
    ...values.seo,
    // The build reads seo_title before meta_title (D8); the editor's one title field writes both.
    seo_title: values.seo.meta_title,
    seo_description: values.seo.meta_description,
  };
}

export const childrenToSave = (values: PageInput) => ({
  blocks: blocksToSave(values.blocks),
  sections: sectionsToSave(values.sections),
});
