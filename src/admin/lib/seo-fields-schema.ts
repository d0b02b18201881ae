/**
 * The SEO fields every editor shares (blog posts, pages, the static routes' Page SEO): one schema with the
 * spec's options, and the column names of each table mapped onto it. Titles and descriptions have counters
 * (/60, /160) as guidance only (spec §5); lengths past the database's bounds are refused here first.
 */
import * as z from './zod';
import { isWebUrl } from './validation';
import { tooLong } from './field-schemas';

export const SEO_TITLE_GUIDE = 60;
export const SEO_DESCRIPTION_GUIDE = 160;
export const OG_TYPES = ['website', 'article', 'business.business'] as const;
export const TWITTER_CARDS = ['summary_large_image', 'summary'] as const;

/** Why a schema markup text is not JSON, or null when it is (or is empty: the build then generates one, D9). */
export function jsonProblem(text: string): string | null {
  if (!text.trim()) return null;
  try {
    JSON.parse(text);
    return null;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

const text = (max: number, label: string) =>
  z.pipe(
    z.string().check(z.trim(), z.maxLength(max, tooLong(label, max))),
    z.transform((s: string) => s || null),
  );

/** An optional URL column: http(s) or a root-relative path, as the database checks. */
const url = (max: number, label: string) =>
  z.pipe(
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(max, tooLong(label, max)),
        z.refine(isWebUrl, `${label} must be an http(s) URL or a path starting with /`),
      ),
    z.transform((s: string) => s || null),
  );

export const seoFieldsSchema = z.object({
  meta_title: text(300, 'SEO title'),
  meta_description: text(1000, 'Meta description'),
  seo_keywords: text(1000, 'Keywords'),
  canonical_url: url(2000, 'Canonical URL'),
  og_title: text(300, 'Open Graph title'),
  og_description: text(1000, 'Open Graph description'),
  og_image: url(2000, 'Open Graph image'),
  og_type: z.enum(OG_TYPES),
  twitter_card: z.enum(TWITTER_CARDS),
  twitter_title: text(300, 'Twitter title'),
  twitter_description: text(1000, 'Twitter description'),
  twitter_image: url(2000, 'Twitter image'),
  schema_markup: z.pipe(
    z.string().check(
      z.maxLength(50_000, tooLong('Schema markup', 50_000)),
      z.superRefine((s, ctx) => {
        const problem = jsonProblem(s);
        if (problem) ctx.addIssue({ code: 'custom', message: `Schema markup must be valid JSON: ${problem}` });
      }),
    ),
    z.transform((s: string) => s.trim() || null),
  ),
  alt_text: text(500, 'Alt text'),
  is_indexed: z.boolean(),
});

/** What the fields hold in a form (strings), and what a save receives (blanks as null). */
export type SeoFieldsValues = z.input<typeof seoFieldsSchema>;
export type SeoFieldsInput = z.output<typeof seoFieldsSchema>;

type Nullable<T> = { [K in keyof T]: T[K] | null };
const str = (v: string | null | undefined) => v ?? '';

/** Form values from a row that has the shared columns (blog_posts and pages use meta_*; static_page_seo seo_*). */
export function seoValues(
  row: Partial<Nullable<Omit<SeoFieldsInput, 'og_type' | 'twitter_card' | 'is_indexed'>>> & {
    og_type?: string | null;
    twitter_card?: string | null;
    is_indexed?: boolean | null;
    seo_title?: string | null;
    seo_description?: string | null;
  },
  defaults: { og_type: (typeof OG_TYPES)[number] } = { og_type: 'website' },
): SeoFieldsValues {
  const ogType = OG_TYPES.find((t) => t === row.og_type) ?? defaults.og_type;
  const card = TWITTER_CARDS.find((t) => t === row.twitter_card) ?? 'summary_large_image';
  return {
    meta_title: str(row.meta_title ?? row.seo_title),
    meta_description: str(row.meta_description ?? row.seo_description),
    seo_keywords: str(row.seo_keywords),
    canonical_url: str(row.canonical_url),
    og_title: str(row.og_title),
    og_description: str(row.og_description),
    og_image: str(row.og_image),
    og_type: ogType,
    twitter_card: card,
    twitter_title: str(row.twitter_title),
    twitter_description: str(row.twitter_description),
    twitter_image: str(row.twitter_image),
    schema_markup: str(row.schema_markup),
    alt_text: str(row.alt_text),
    is_indexed: row.is_indexed ?? true,
  };
}

/** The static_page_seo columns of saved SEO fields (its title and description are named seo_*). */
export function toStaticPageSeo({ meta_title, meta_description, ...rest }: SeoFieldsInput) {
  return { ...rest, seo_title: meta_title, seo_description: meta_description };
}
