/** Field schemas the editors' forms share (blog posts, pages): a bounded text and a URL column as the database checks. */
import * as z from 'zod/mini';
import { isWebUrl } from './validation';

/** Text of at most `max` characters, with the message naming the field. */
export const maxText = (max: number, label: string) =>
  z.string().check(z.maxLength(max, `${label} is too long (at most ${max} characters)`));

/** A URL column: http(s) or a path starting with /, at most 2,000 characters; trimmed. */
export const webUrl = (label: string) =>
  z
    .string()
    .check(
      z.trim(),
      z.maxLength(2000, `${label} is too long`),
      z.refine(isWebUrl, `${label} must be an http(s) URL or a path starting with /`),
    );
