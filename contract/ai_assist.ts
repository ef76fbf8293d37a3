/**
 * The attendant's AI assistant on the wire: the provider settings an admin edits, the usage the
 * admin reads, the requests the composer makes and the server-sent events it reads back. The zod
 * request schemas are the server's (`server/ai_assist/schemas.ts`), so the web bundle carries no zod.
 */

export const AI_FEATURES = ["suggest", "summary", "rewrite", "translate", "tags"] as const;
export type AiFeature = (typeof AI_FEATURES)[number];

export const REWRITE_STYLES = ["fix", "friendly", "formal", "shorter"] as const;
export type RewriteStyle = (typeof REWRITE_STYLES)[number];

/** The UI languages; translation targets are named by them. */
export const AI_LANGS = ["pt", "es", "en", "tr"] as const;
export type AiLang = (typeof AI_LANGS)[number];

/** What the admin saves (the server's schema checks it). */
export type AiSettingsInput = {
  enabled: boolean;
  baseUrl: string;
  /** "" or the masked value keeps the stored key; "-" clears it. */
  apiKey: string;
  model: string;
  models: Partial<Record<AiFeature, string>>;
  forAttendants: boolean;
};

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

export type AiRewriteInput = { text: string; style: RewriteStyle };
export type AiTranslateInput = { messageId?: number; to: AiLang } | { text: string };

/** The classify answer: tags and a queue the model picked among the company's. */
export type AiClassifyDTO = { tagIds: number[]; queueId: number | null };

/**
 * Server-sent events of a streamed route: `delta` (text; `draft` numbers the suggestions, 0 for the
 * rest), then `done` or `error`.
 */
export type AiDeltaEvent = { text: string; draft: number };
export type AiDoneEvent = { totalTokens: number };
export type AiErrorEvent = { error: string; message?: string };
