/** The sign-in form's schema (spec §5): both fields required, one message for either missing. */
import * as z from './zod';
import { MESSAGES } from './validation';

export const loginInputSchema = z.object({
  email: z.string().check(z.trim(), z.minLength(1, MESSAGES.loginMissing)),
  password: z.string().check(z.minLength(1, MESSAGES.loginMissing)),
});

export type LoginInput = z.infer<typeof loginInputSchema>;
