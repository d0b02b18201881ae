/** The sign-in form's schema (spec §5): both fields required, one message for either missing. */
import { z } from 'zod';
import { MESSAGES } from './validation';

export const loginInputSchema = z.object({
  email: z.string().trim().min(1, MESSAGES.loginMissing),
  password: z.string().min(1, MESSAGES.loginMissing),
});

export type LoginInput = z.infer<typeof loginInputSchema>;
