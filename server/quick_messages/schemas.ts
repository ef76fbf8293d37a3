/** Request bodies and queries of quick messages (spec 1 §7, spec 2 §3, §5, §7). */
import { z } from "zod";

const flag = z.union([z.boolean(), z.enum(["true", "false"])]).transform((v) => v === true || v === "true");

export const createQuickMessageInput = z.object({
  shortcode: z.string().trim().min(1).max(100),
  message: z.string().max(10_000).default(""),
  /** Shared with every user of the company. */
  geral: flag.default(false),
  /** Visible (offered in the composer). */
  visao: flag.default(true),
  status: z.string().max(50).nullish(),
});
export type CreateQuickMessageInput = z.infer<typeof createQuickMessageInput>;

export const updateQuickMessageInput = createQuickMessageInput.partial().extend({
  shortcode: z.string().trim().min(1).max(100).optional(),
  message: z.string().max(10_000).optional(),
});
export type UpdateQuickMessageInput = z.infer<typeof updateQuickMessageInput>;

export const listQuickMessagesQuery = z.object({
  searchParam: z.string().trim().max(100).optional(),
  pageNumber: z.coerce.number().int().min(1).default(1),
});
export type ListQuickMessagesQuery = z.infer<typeof listQuickMessagesQuery>;
