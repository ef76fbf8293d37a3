/** Request bodies of /api/ai-assist (their wire types are in contract/ai_assist.ts). */
import { z } from "zod";
import { AI_FEATURES, AI_LANGS, type AiFeature, REWRITE_STYLES } from "@contract/ai_assist.ts";

const model = z.string().trim().max(120);

export const aiSettingsInput = z.object({
  enabled: z.boolean().default(true),
  baseUrl: z.string().trim().url().max(500).refine((u) => /^https?:\/\//i.test(u), "http(s) only"),
  /** "" or the masked value keeps the stored key. */
  apiKey: z.string().max(500).default(""),
  model: model.min(1),
  models: z.object(Object.fromEntries(AI_FEATURES.map((f) => [f, model.optional()])) as Record<
    AiFeature,
    z.ZodOptional<typeof model>
  >).partial().default({}),
  forAttendants: z.boolean().default(true),
});

export const aiRewriteInput = z.object({
  text: z.string().trim().min(1).max(4000),
  style: z.enum(REWRITE_STYLES),
});
export const aiTranslateInput = z.union([
  /** A customer's message (without messageId: the last one) shown in the attendant's language. */
  z.object({ messageId: z.coerce.number().int().positive().optional(), to: z.enum(AI_LANGS) }),
  /** The attendant's reply in the customer's language (the conversation's). */
  z.object({ text: z.string().trim().min(1).max(4000) }),
]);
export const aiSummaryInput = z.object({ lang: z.enum(AI_LANGS).default("pt") });
