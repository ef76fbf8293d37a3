/** Plan input (spec 3 §3 Plan). Flags arrive as booleans, 0/1 or "true"/"false"/"enabled". */
import { z } from "zod";
import { PLAN_FLAGS, RECURRENCES } from "@contract/companies.ts";

export const boolish = z.union([z.boolean(), z.number(), z.string()]).transform((v) =>
  v === true || v === 1 || v === "1" || v === "true" || v === "enabled"
);
const count = z.coerce.number().int().min(0).max(100_000);

export { PLAN_FLAGS };

const flags = Object.fromEntries(PLAN_FLAGS.map((f) => [f, boolish.optional()])) as Record<
  (typeof PLAN_FLAGS)[number],
  z.ZodOptional<typeof boolish>
>;

export const planInput = z.object({
  name: z.string().trim().min(1).max(60),
  users: count.default(1),
  connections: count.default(1),
  queues: count.default(1),
  amount: z.coerce.number().min(0).max(1_000_000).default(0),
  isPublic: boolish.optional(),
  recurrence: z.enum(["Day", ...RECURRENCES]).default("MENSAL"),
  stripePriceId: z.string().trim().max(200).nullish(),
  /** The AI assistant's monthly token budget for each company on the plan (0 = none). */
  aiMonthlyTokens: z.coerce.number().int().min(0).max(1_000_000_000).optional(),
  ...flags,
});
export const planUpdate = planInput.partial();
export type PlanInput = z.infer<typeof planInput>;
export type PlanUpdate = z.infer<typeof planUpdate>;
