/**
 * The redirect form's schema (spec §5, D7): both URLs a path longer than '/' or an absolute URL of at most 2,000
 * characters (the database's bound, #31), From ≠ To, and an active redirect must not close a loop with the active
 * rules. Built per render from those rules.
 */
import * as z from '../../lib/zod';
import { redirectProblem, type ActiveRedirect } from '../../lib/validation';
import { formIssue } from '../../lib/form-errors';
import { tooLong } from '../../lib/field-schemas';

export interface RedirectRules {
  /** The active redirects a new one must not loop with. */
  active: ActiveRedirect[];
  /** The example absolute URL the spec's message names. */
  exampleUrl: string;
  /** The site's host, so that absolute URLs to it compare as paths. */
  siteHost: string;
}

export const redirectInputSchema = ({ active, exampleUrl, siteHost }: RedirectRules) =>
  z
    .object({
      from_url: z.string().check(z.trim(), z.maxLength(2000, tooLong('From URL', 2000))),
      to_url: z.string().check(z.trim(), z.maxLength(2000, tooLong('To URL', 2000))),
      redirect_type: z.union([z.literal(301), z.literal(302)]),
      is_active: z.boolean(),
    })
    .check(
      z.superRefine((r, ctx) => {
        const problem = redirectProblem(r.from_url, r.to_url, r.is_active ? active : [], exampleUrl, siteHost);
        if (problem) ctx.addIssue({ code: 'custom', path: ['from_url'], message: formIssue(problem[0], problem[1]) });
      }),
    );

export type RedirectInput = z.infer<ReturnType<typeof redirectInputSchema>>;

export const blankRedirect = (): RedirectInput => ({ from_url: '', to_url: '', redirect_type: 301, is_active: true });
