/**
 * The attendant's AI assistant on the wire: the provider settings an admin edits, the usage the
 * admin reads, the requests the composer makes and the server-sent events it reads back.
 */
import { z } from "zod";

export const AI_FEATURES = ["suggest", "summary", "rewrite", "translate", "tags"] as const;
export type AiFeature = (typeof AI_FEATURES)[number];

export const REWRITE_STYLES = ["fix", "friendly", "formal", "shorter"] as const;
export type RewriteStyle = (typeof REWRITE_STYLES)[number];

/** The UI languages; translation targets are named by them. */
export const AI_LANGS = ["pt", "es", "en", "tr"] as const;
export type AiLang = (typeof AI_LANGS)[number];

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
export type AiSettingsInput = z.infer<typeof aiSettingsInput>;

/** What the admin screen reads back (the key masked). */
export type AiSettingsDTO = {
  configured: boolean;
  enabled: boolean;
  baseUrl: string;
  apiKey: string;
  model: string;
  models: Partial<Record<AiFeature, string>>;
  forAttendants: boolean;
};

/** What every signed-in user asks first: does the composer show AI at all, and the month's state. */
export type AiStatusDTO = { available: boolean; budgetExhausted: boolean };

export type AiUsageRowDTO = {
  id: number;
  createdAt: string;
  user: { id: number; name: string } | null;
  ticketId: number | null;
  feature: string;
  model: string;
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
  estimated: boolean;
  firstTokenMs: number | null;
  latencyMs: number;
  status: string;
  errorCode: string | null;
};

export type AiUsageDTO = {
  /** The calendar month in the company's zone, "YYYY-MM". */
  month: string;
  used: number;
  budget: number;
  calls: AiUsageRowDTO[];
  count: number;
  hasMore: boolean;
};

export const aiRewriteInput = z.object({
  text: z.string().trim().min(1).max(4000),
  style: z.enum(REWRITE_STYLES),
});
export const aiTranslateInput = z.union([
  /** A customer's message shown in the attendant's language. */
  z.object({ messageId: z.coerce.number().int().positive(), to: z.enum(AI_LANGS) }),
  /** The attendant's reply in the customer's language (the conversation's). */
  z.object({ text: z.string().trim().min(1).max(4000) }),
]);
export const aiSummaryInput = z.object({ lang: z.enum(AI_LANGS).default("pt") });
export type AiRewriteInput = z.infer<typeof aiRewriteInput>;
export type AiTranslateInput = z.infer<typeof aiTranslateInput>;

/** The classify answer: tags and a queue the model picked among the company's. */
export type AiClassifyDTO = { tagIds: number[]; queueId: number | null };

/**
 * Server-sent events of a streamed route: `delta` (text; `draft` numbers the suggestions, 0 for the
 * rest), then `done` or `error`.
 */
export type AiDeltaEvent = { text: string; draft: number };
export type AiDoneEvent = { totalTokens: number };
export type AiErrorEvent = { error: string; message?: string };
