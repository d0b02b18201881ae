/**
 * The Global SEO form (spec: SEO & Favicon): the IDs in the shapes Google gives them, checked with clear messages
 * before the database checks them again; a pasted verification <meta> tag reduced to its content; default schema
 * markup that must parse as JSON; blanks stored as null (the build then leaves the tag out, D8).
 */
import * as z from '../../lib/zod';
import type { Tables, TablesUpdate } from '../../lib/supabase';
import { isWebUrl } from '../../lib/validation';
import { jsonProblem } from '../../lib/seo-fields-schema';
import { tooLong } from '../../lib/field-schemas';

export const GA4_MESSAGE = 'A GA4 Measurement ID looks like G-XXXXXXX: G- and 4 to 20 capital letters or digits';
export const GTM_MESSAGE =
  'A Tag Manager container ID looks like GTM-XXXXXXX: GTM- and 4 to 12 capital letters or digits';
export const TWITTER_MESSAGE = 'A Twitter/X handle has 1 to 15 letters, digits or underscores, e.g. @boudhamandala';

/** Blank → null, else trimmed. */
const optional = (max: number, label: string, check?: { test: (s: string) => boolean; message: string }) =>
  z.pipe(
    z.string().check(
      z.trim(),
      z.maxLength(max, tooLong(label, max)),
      z.refine((s) => !s || !check || check.test(s), check?.message ?? ''),
    ),
    z.transform((s: string) => s || null),
  );

/**
 * What Search Console's HTML-tag method gives is a whole tag; only its content is stored (the build writes the
 * tag). A bare token is kept as typed.
 */
export function verificationToken(text: string): string {
  const t = text.trim();
  return /<meta\b[^>]*\bcontent\s*=\s*["']([^"']*)["']/i.exec(t)?.[1]?.trim() ?? t;
}

export const seoSettingsInputSchema = z.object({
  ga4_tracking_id: optional(23, 'The GA4 Measurement ID', {
    test: (s) => /^G-[A-Z0-9]{4,20}$/.test(s),
    message: GA4_MESSAGE,
  }),
  gtm_container_id: optional(16, 'The Tag Manager container ID', {
    test: (s) => /^GTM-[A-Z0-9]{4,12}$/.test(s),
    message: GTM_MESSAGE,
  }),
  gsc_verification: z.pipe(
    z.string().check(
      z.refine((s) => verificationToken(s).length <= 200, tooLong('The Search Console verification code', 200)),
      z.refine(
        (s) => !/[<>"]/.test(verificationToken(s)),
        'Paste the verification code, or the whole <meta name="google-site-verification" …> tag',
      ),
    ),
    z.transform((s: string) => verificationToken(s) || null),
  ),
  header_scripts: optional(20_000, 'Header scripts'),
  body_scripts: optional(20_000, 'Body scripts'),
  site_name: z
    .string()
    .check(z.trim(), z.minLength(1, 'Site name is required'), z.maxLength(200, tooLong('Site name', 200))),
  site_description: optional(1000, 'Site description'),
  default_schema_markup: optional(50_000, 'Default schema markup', {
    test: (s) => jsonProblem(s) === null,
    message: 'Default schema markup must be valid JSON',
  }),
  default_og_image: optional(2000, 'Default Open Graph image', {
    test: isWebUrl,
    message: 'Default Open Graph image must be an http(s) URL or a path starting with /',
  }),
  default_twitter_handle: optional(16, 'Twitter handle', {
    test: (s) => /^@?[A-Za-z0-9_]{1,15}$/.test(s),
    message: TWITTER_MESSAGE,
  }),
  facebook_app_id: optional(100, 'Facebook App ID', {
    test: (s) => /^\d+$/.test(s),
    message: 'A Facebook App ID is digits only',
  }),
  linkedin_company_id: optional(100, 'LinkedIn company ID'),
});

export type SeoSettingsValues = z.input<typeof seoSettingsInputSchema>;
export type SeoSettingsInput = z.output<typeof seoSettingsInputSchema> & TablesUpdate<'seo_settings'>;

const s = (v: string | null | undefined) => v ?? '';

export function seoSettingsValues(row: Tables<'seo_settings'> | null, hotelName: string): SeoSettingsValues {
  return {
    ga4_tracking_id: s(row?.ga4_tracking_id),
    gtm_container_id: s(row?.gtm_container_id),
    gsc_verification: s(row?.gsc_verification),
    header_scripts: s(row?.header_scripts),
    body_scripts: s(row?.body_scripts),
    site_name: row?.site_name ?? hotelName,
    site_description: s(row?.site_description),
    default_schema_markup: s(row?.default_schema_markup),
    default_og_image: s(row?.default_og_image),
    default_twitter_handle: s(row?.default_twitter_handle),
    facebook_app_id: s(row?.facebook_app_id),
    linkedin_company_id: s(row?.linkedin_company_id),
  };
}
