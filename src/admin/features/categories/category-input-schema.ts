/** The category form's schema (spec §5): a name is required; the slug is the spec's rule of the slug or name. */
import * as z from '../../lib/zod';
import { MESSAGES, slugify } from '../../lib/validation';

const optional = z.pipe(
  z.string().check(z.trim()),
  z.transform((s: string) => s || null),
);

export const categoryInputSchema = z.pipe(
  z.object({
    name: z.string().check(z.trim(), z.minLength(1, MESSAGES.categoryName)),
    slug: z.string(),
    description: optional,
    seo_title: optional,
  }),
  z.transform((c) => ({ ...c, slug: slugify(c.slug) || slugify(c.name) })),
);

/** What the form holds (strings) and what a save receives (slug settled, blanks as null). */
export type CategoryFormValues = z.input<typeof categoryInputSchema>;
export type CategoryInput = z.output<typeof categoryInputSchema>;

export const blankCategory = (): CategoryFormValues => ({ name: '', slug: '', description: '', seo_title: '' });
