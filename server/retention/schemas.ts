/** Bodies of the retention routes. */
import { z } from "zod";

export const retentionRuleInput = z.object({
  messagesMonths: z.number().int().min(1).max(600).nullable(),
  mediaOnly: z.boolean().nullable(),
  closedMediaDays: z.number().int().min(1).max(36_500).nullable(),
  auditDays: z.number().int().min(1).max(36_500).nullable(),
});
