/**
 * The category form's schema (spec §5): a name is required; the slug is the spec's rule of the slug or name; every
 * field within the database's bounds, saying so (#31).
 */
import * as z from '../../lib/zod';
import { MESSAGES, slugify } from '../../lib/validation';
import { tooLong } from '../../lib/field-schemas';

const optional = (max: number, label: string) =>
  z.pipe(
    z.string().check(z.trim(), z.maxLength(max, tooLong(label, max))),
    z.transform((s: string) => s || null),
  );

const SLUG_MAX = 120;
const categorySlug = (c: { name: string; slug: string }) => slugify(c.slug) || slugify(c.name);

export const categoryInputSchema = z.pipe(
  z
    .object({
      name: z.string().check(z.trim(), z.minLength(1, MESSAGES.categoryName), z.maxLength(100, tooLong('Name', 100))),
      slug: z.string(),
      description: optional(2000, 'Description'),
      seo_title: optional(200, 'SEO title'),
    })
    .check(
      // The slug as it will be saved: the one typed, else the name's.
      z.superRefine((c, ctx) => {
        if (categorySlug(c).length > SLUG_MAX)
          ctx.addIssue({ code: 'custom', message: tooLong('The slug', SLUG_MAX), path: ['slug'], input: c.slug });
      }),
    ),
  z.transform((c) => ({ ...c, slug: categorySlug(c) })),
);

/** What the form holds (strings) and what a save receives (slug settled, blanks as null). */
export type CategoryFormValues = z.input<typeof categoryInputSchema>;
export type CategoryInput = z.output<typeof categoryInputSchema>;

export const blankCategory = (): CategoryFormValues => ({ name: '', slug: '', description: '', seo_title: '' });
