/** Request bodies and queries of quick messages (spec 1 §7, spec 2 §3, §5, §7). */
import { z } from "zod";
import { int, nullableInt, nullableText, paged, timestamp } from "../lib/answers.ts";
import type { QuickMessageDTO } from "@contract/quick_messages.ts";

const flag = z.union([z.boolean(), z.enum(["true", "false"])]).transform((v) => v === true || v === "true");

const fields = {
  shortcode: z.string().trim().min(1).max(100),
  message: z.string().max(10_000),
  /** Shared with every user of the company. */
  geral: flag,
  /** Visible (offered in the composer). */
  visao: flag,
  status: z.string().max(50).nullable(),
};

export const createQuickMessageInput = z.object({
  shortcode: fields.shortcode,
  message: fields.message.default(""),
  geral: fields.geral.default(false),
  visao: fields.visao.default(true),
  status: fields.status.optional(),
});
export type CreateQuickMessageInput = z.infer<typeof createQuickMessageInput>;

/** No defaults here: a field left out keeps its value (zod 4 would apply defaults of a partial). */
export const updateQuickMessageInput = z.object({
  shortcode: fields.shortcode.optional(),
  message: fields.message.optional(),
  geral: fields.geral.optional(),
  visao: fields.visao.optional(),
  status: fields.status.optional(),
});
export type UpdateQuickMessageInput = z.infer<typeof updateQuickMessageInput>;

export const listQuickMessagesQuery = z.object({
  searchParam: z.string().trim().max(100).optional(),
  pageNumber: z.coerce.number().int().min(1).default(1),
});
export type ListQuickMessagesQuery = z.infer<typeof listQuickMessagesQuery>;

// Answers (the OpenAPI document and the contract test read them; see lib/answers.ts).

export const quickMessageAnswer = z.object({
  id: int,
  companyId: int,
  shortcode: z.string(),
  message: z.string(),
  mediaPath: nullableText,
  mediaName: nullableText,
  geral: z.boolean().describe("Shared with the whole company."),
  visao: z.boolean().describe("Offered in the composer."),
  status: nullableText,
  userId: nullableInt,
  createdAt: timestamp,
  updatedAt: timestamp,
  isMedia: z.boolean(),
}).meta({ id: "QuickMessage" }) satisfies z.ZodType<QuickMessageDTO>;

export const quickMessagePageAnswer = paged("records", quickMessageAnswer);
