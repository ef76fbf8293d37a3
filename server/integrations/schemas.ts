/**
 * Request bodies of AI prompts and queue integrations (spec 2 §3, §5, §7). Both arrive as JSON or
 * as the spec client's multipart of all fields, so numbers come as strings and "" means "none".
 */
import { z } from "zod";
import { VOICES } from "@contract/integrations.ts";
import { queueIntegrationTypes } from "@db/schema.ts";

const optionalId = z.preprocess(
  (v) =>
    v === undefined
      ? undefined
      : v === "" || v === 0 || v === "0" || v === null || v === "null"
      ? null
      : Number(v),
  z.number().int().positive().nullable().optional(),
);
const optText = (max: number) =>
  z.preprocess((v) => v === null ? "" : v, z.string().trim().max(max)).optional();
const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

export { VOICES };

const promptFields = {
  name: z.string().trim().min(1, "Requerido").max(120),
  prompt: z.string().trim().min(1, "Requerido").max(20_000),
  model: z.string().trim().min(1).max(100).optional(),
  voice: z.preprocess((v) => v === "" || v == null ? undefined : v, z.enum(VOICES)).optional(),
  voiceKey: optText(500),
  voiceRegion: optText(100),
  maxTokens: int(1, 16_000).optional(),
  temperature: z.coerce.number().min(0).max(2).optional(),
  /** Plain key; "" or the masked value ("••••…") keeps the stored one. */
  apiKey: optText(500),
  queueId: optionalId,
  maxMessages: int(1, 100).optional(),
};

export const createPromptInput = z.object(promptFields);
export type CreatePromptInput = z.infer<typeof createPromptInput>;
export const updatePromptInput = z.object(promptFields).partial();
export type UpdatePromptInput = z.infer<typeof updatePromptInput>;

const integrationFields = {
  type: z.enum(queueIntegrationTypes),
  name: z.string({ error: "Requerido" }).trim().min(2, "Muy corto!").max(50, "Muy Largo!"),
  projectName: optText(200),
  /** Dialogflow service-account JSON; "" or the masked value keeps the stored one. */
  jsonContent: optText(20_000),
  language: z.preprocess((v) => v === "" || v == null ? undefined : v, z.enum(["pt-BR", "en", "es"]))
    .optional(),
  urlN8N: optText(2000),
  typebotSlug: optText(200),
  typebotExpires: int(0, 100_000).optional(),
  typebotDelayMessage: int(0, 60_000).optional(),
  typebotKeywordFinish: optText(100),
  typebotKeywordRestart: optText(100),
  typebotRestartMessage: optText(2000),
  typebotUnknownMessage: optText(2000),
};

export const createIntegrationInput = z.object(integrationFields);
export type CreateIntegrationInput = z.infer<typeof createIntegrationInput>;
export const updateIntegrationInput = z.object(integrationFields).partial();
export type UpdateIntegrationInput = z.infer<typeof updateIntegrationInput>;

export const listQuery = z.object({
  searchParam: z.string().trim().max(100).optional(),
  pageNumber: z.coerce.number().int().min(1).default(1),
});
export type ListQuery = z.infer<typeof listQuery>;

export const testSessionInput = z.object({
  projectName: z.string().trim().min(1).max(200),
  jsonContent: z.string().trim().min(1).max(20_000),
  language: z.enum(["pt-BR", "en", "es"]).default("pt-BR"),
});
export type TestSessionInput = z.infer<typeof testSessionInput>;
