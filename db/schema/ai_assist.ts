/**
 * The attendant's AI assistant: a company's own OpenAI-compatible provider (its key sealed) and
 * one usage row per call — tokens and latency, never the text that was sent or answered.
 */
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { bool, createdAt, id, json, timestamps } from "./_columns.ts";
import { companies, users } from "./core.ts";

/** The models a company picks per feature (empty = the default model). */
export type AiModels = {
  suggest?: string;
  summary?: string;
  rewrite?: string;
  translate?: string;
  tags?: string;
};

/** One row per company; no row (or enabled = false) means nothing AI shows. */
export const aiSettings = sqliteTable("ai_settings", {
  companyId: integer("company_id").primaryKey().references(() => companies.id, { onDelete: "cascade" }),
  enabled: bool("enabled").notNull().default(true),
  /** The chat-completions base URL, e.g. https://api.openai.com/v1 or http://ollama:11434/v1. */
  baseUrl: text("base_url").notNull(),
  /** Sealed (enc:v1:); "" for servers without a key (a local Ollama). */
  apiKey: text("api_key").notNull().default(""),
  model: text("model").notNull(),
  models: json<AiModels>("models").notNull().default({}),
  /** Profile users may use it too (admins always may). */
  forAttendants: bool("for_attendants").notNull().default(true),
  ...timestamps(),
});

/** Every call: who, what feature, tokens, latency and outcome. Never the content. */
export const aiUsage = sqliteTable("ai_usage", {
  id: id(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
  ticketId: integer("ticket_id"),
  feature: text("feature").notNull(),
  model: text("model").notNull(),
  promptTokens: integer("prompt_tokens").notNull().default(0),
  completionTokens: integer("completion_tokens").notNull().default(0),
  totalTokens: integer("total_tokens").notNull().default(0),
  /** The provider reported no usage: the counts are estimated from the text's length. */
  estimated: bool("estimated").notNull().default(false),
  /** Request sent → first token; request sent → end. */
  firstTokenMs: integer("first_token_ms"),
  latencyMs: integer("latency_ms").notNull().default(0),
  /** ok | error | refused (budget) | cancelled */
  status: text("status").notNull(),
  errorCode: text("error_code"),
  createdAt: createdAt(),
}, (t) => [index("ai_usage_company_created_idx").on(t.companyId, t.createdAt)]);
