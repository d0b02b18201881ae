/** The retention setting's form (#30): a whole number of months from 1 to 120, as the database checks it too. */
import * as z from '../../lib/zod';

export const RETENTION_MESSAGE = 'Enter a whole number of months from 1 to 120';

export const retentionInputSchema = z.object({
  retention_months: z.int(RETENTION_MESSAGE).check(z.minimum(1, RETENTION_MESSAGE), z.maximum(120, RETENTION_MESSAGE)),
});

export type RetentionInput = z.infer<typeof retentionInputSchema>;

/** The default the database starts with. */
export const DEFAULT_RETENTION_MONTHS = 12;
